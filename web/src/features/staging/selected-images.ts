import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@contract/limits';
import { readImageSize, sniffImageType } from './image-size';

/** A picked photo with its preview and the non-blocking quality check. */
export interface SelectedImage {
  id: string;
  file: File;
  /** Object URL for the preview ('' where the browser cannot make one). */
  previewUrl: string;
  width: number | null;
  height: number | null;
  lowResolution: boolean;
}

/** Why a picked file is left out: not an accepted type, over 10 MB, or not a readable image (its bytes). */
export type RejectedFile = { name: string; reason: 'type' | 'size' | 'unreadable' };

let counter = 0;

const EXTENSION_TYPES: Record<string, (typeof ACCEPTED_IMAGE_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The file's accepted MIME type (some systems leave `type` empty: then the extension decides). */
export function acceptedType(file: File): string | null {
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (file.type) return null;
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

export function splitAccepted(files: File[]): { accepted: File[]; rejected: RejectedFile[] } {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    if (!acceptedType(file)) rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > MAX_UPLOAD_BYTES) rejected.push({ name: file.name, reason: 'size' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/**
 * Whether a file that looks like a photo by its name and type really is one: its first bytes must be
 * a PNG, JPEG or WEBP header, and where the browser can decode (createImageBitmap) the decode must
 * succeed. A text file renamed `kaputt.jpg`, or a truncated photo, fails here instead of on upload.
 */
export async function isReadableImage(file: File): Promise<boolean> {
  const head = new Uint8Array(
    await file
      .slice(0, 64)
      .arrayBuffer()
      .catch(() => new ArrayBuffer(0)),
  );
  if (!sniffImageType(head)) return false;
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/** splitAccepted, then the content check of every accepted file (in parallel). */
export async function checkPicked(
  files: File[],
): Promise<{ accepted: File[]; rejected: RejectedFile[] }> {
  const { accepted, rejected } = splitAccepted(files);
  const readable = await Promise.all(accepted.map(isReadableImage));
  return {
    accepted: accepted.filter((_, i) => readable[i]),
    rejected: [
      ...rejected,
      ...accepted
        .filter((_, i) => !readable[i])
        .map((file) => ({ name: file.name, reason: 'unreadable' as const })),
    ],
  };
}

export function isLowResolution(
  size: { width: number; height: number } | null,
  minWidth: number,
  minHeight: number,
): boolean {
  return size !== null && (size.width < minWidth || size.height < minHeight);
}

export async function toSelectedImage(
  file: File,
  minWidth: number,
  minHeight: number,
): Promise<SelectedImage> {
  const size = await readImageSize(file).catch(() => null);
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  return {
    id: `img-${++counter}`,
    file,
    previewUrl,
    width: size?.width ?? null,
    height: size?.height ?? null,
    lowResolution: isLowResolution(size, minWidth, minHeight),
  };
}

export function releasePreview(image: SelectedImage) {
  if (image.previewUrl && typeof URL.revokeObjectURL === 'function')
    URL.revokeObjectURL(image.previewUrl);
}
