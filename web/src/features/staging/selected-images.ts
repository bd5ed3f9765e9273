import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@contract/limits';
import { readImageSize } from './image-size';

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

export type RejectedFile = { name: string; reason: 'type' | 'size' };

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

export function isLowResolution(size: { width: number; height: number } | null, minWidth: number, minHeight: number): boolean {
  return size !== null && (size.width < minWidth || size.height < minHeight);
}

export async function toSelectedImage(file: File, minWidth: number, minHeight: number): Promise<SelectedImage> {
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
  if (image.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(image.previewUrl);
}
