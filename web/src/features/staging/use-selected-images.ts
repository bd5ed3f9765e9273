import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import {
  checkPicked,
  releasePreview,
  toSelectedImage,
  type RejectedFile,
  type SelectedImage,
} from './selected-images';

export type PickerNotice = { kind: 'maxExceeded' } | { kind: 'rejected'; files: RejectedFile[] };

/**
 * The picked photos. Spec §5: choosing more than 6 in total shows 'Max 6 images allowed' and
 * clears the selection. Files of another type, above 10 MB or whose bytes are no readable image are
 * skipped and listed with the reason (they are not counted, so they cost nothing).
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
      const { accepted, rejected } = await checkPicked(files);
      if (current.current.length + accepted.length > max) {
        clearAll();
        setNotice({ kind: 'maxExceeded' });
        return;
      }
      setNotice(rejected.length ? { kind: 'rejected', files: rejected } : null);
      if (!accepted.length) return;
      const added = await Promise.all(
        accepted.map((file) => toSelectedImage(file, minWidth, minHeight)),
      );
      if (current.current.length + added.length > max) {
        added.forEach(releasePreview);
        clearAll();
        setNotice({ kind: 'maxExceeded' });
        return;
      }
      current.current = [...current.current, ...added];
      setImages(current.current);
    },
    [clearAll, max, minHeight, minWidth],
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
