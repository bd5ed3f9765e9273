import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import {
  checkPicked,
  releasePreview,
  toSelectedImage,
  type RejectedFile,
  type SelectedImage,
} from './selected-images';

/** Too many photos (how many were left out), or only rejected files; both list the rejected files. */
export type PickerNotice =
  | { kind: 'maxExceeded'; leftOut: number; files: RejectedFile[] }
  | { kind: 'rejected'; files: RejectedFile[] };

/**
 * The picked photos. Choosing more than 6 in total keeps the selection and the first photos up to
 * 6, and says how many were left out ('Max 6 images allowed'; spec §5 cleared everything, which
 * lost the user's choice: issue #26). Files of another type, above 10 MB or whose bytes are no
 * readable image are skipped and listed with the reason (they are not counted, so they cost
 * nothing; issue #23).
 */
export function useSelectedImages(
  minWidth: number,
  minHeight: number,
  max = MAX_IMAGES_PER_PROJECT,
) {
  const [images, setImages] = useState<SelectedImage[]>([]);
  const [notice, setNotice] = useState<PickerNotice | null>(null);
  // The latest list, for the async add (state updates arrive later than the next pick may).
  const current = useRef<SelectedImage[]>([]);

  useEffect(() => () => current.current.forEach(releasePreview), []);

  const clearAll = useCallback(() => {
    current.current.forEach(releasePreview);
    current.current = [];
    setImages([]);
  }, []);

  const add = useCallback(
    async (files: File[]) => {
      const { accepted: all, rejected } = await checkPicked(files);
      const room = Math.max(0, max - current.current.length);
      const accepted = all.slice(0, room);
      const leftOut = all.length - accepted.length;
      setNotice(
        leftOut > 0
          ? { kind: 'maxExceeded', leftOut, files: rejected }
          : rejected.length
            ? { kind: 'rejected', files: rejected }
            : null,
      );
      if (!accepted.length) return;
      const added = await Promise.all(
        accepted.map((file) => toSelectedImage(file, minWidth, minHeight)),
      );
      // Another pick may have filled places meanwhile: keep what still fits.
      const fits = added.slice(0, Math.max(0, max - current.current.length));
      added.slice(fits.length).forEach(releasePreview);
      if (fits.length < added.length)
        setNotice({
          kind: 'maxExceeded',
          leftOut: leftOut + added.length - fits.length,
          files: rejected,
        });
      current.current = [...current.current, ...fits];
      setImages(current.current);
    },
    [max, minHeight, minWidth],
  );

  const remove = useCallback((id: string) => {
    const image = current.current.find((i) => i.id === id);
    if (image) releasePreview(image);
    current.current = current.current.filter((i) => i.id !== id);
    setImages(current.current);
  }, []);

  const clear = useCallback(() => {
    clearAll();
    setNotice(null);
  }, [clearAll]);

  return { images, notice, add, remove, clear, dismissNotice: () => setNotice(null) };
}
