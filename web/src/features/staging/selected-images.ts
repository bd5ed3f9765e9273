import { ACCEPTED_IMAGE_EXTENSIONS, ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@contract/limits';
import type { TFunction } from '@/i18n/i18n';
import { readImageSize, sniffImageType } from './image-size';

export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
/** The file inputs' `accept`: types and endings (a HEIC often has no MIME type the browser knows). */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(',');

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

/**
 * Why a picked file is left out: not an accepted type (`format`: what it is, by its type or ending,
 * when known), over the size limit, or not a readable image (its bytes).
 */
export type RejectedFile = { name: string; reason: 'type' | 'size' | 'unreadable'; format?: string };

let counter = 0;

const EXTENSION_TYPES: Record<string, (typeof ACCEPTED_IMAGE_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The MIME types browsers give HEIC photos besides image/heic and image/heif. */
const HEIC_ALIASES = new Set(['image/heic-sequence', 'image/heif-sequence']);

/** The file's accepted MIME type (some systems leave `type` empty: then the extension decides). */
export function acceptedType(file: File): string | null {
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (HEIC_ALIASES.has(file.type)) return 'image/heic';
  const byEnding = EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
  // Some systems leave `type` empty or generic; a .heic/.heif ending decides for those.
  if (!file.type || file.type === 'application/octet-stream') return byEnding;
  return null;
}

/** What a refused file is, for the message: its ending ("TIFF"), else its MIME subtype ("GIF"). */
function formatOf(file: File): string | undefined {
  const ending = file.name.includes('.') ? file.name.split('.').pop()!.toUpperCase() : '';
  if (/^[A-Z0-9]{2,5}$/.test(ending)) return ending;
  const subtype = file.type.split('/')[1]?.toUpperCase();
  return subtype && /^[A-Z0-9.+-]{2,20}$/.test(subtype) ? subtype : undefined;
}

/** The sentence for a skipped file: what it is and how to send it instead (issue 39 item 4). */
export function rejectedText(t: TFunction, file: RejectedFile): string {
  if (file.reason === 'size') return t('picker.rejectedSize', { name: file.name, maxMb: MAX_UPLOAD_MB });
  if (file.reason === 'unreadable') return t('picker.rejectedUnreadable', { name: file.name });
  return file.format
    ? t('picker.rejectedTypeNamed', { name: file.name, format: file.format })
    : t('picker.rejectedType', { name: file.name });
}

export function splitAccepted(files: File[]): { accepted: File[]; rejected: RejectedFile[] } {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    if (!acceptedType(file)) rejected.push({ name: file.name, reason: 'type', format: formatOf(file) });
    else if (file.size > MAX_UPLOAD_BYTES) rejected.push({ name: file.name, reason: 'size' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/**
 * Whether a file that looks like a photo by its name and type really is one: its first bytes must be
 * a PNG, JPEG, WEBP or HEIC/HEIF header, and where the browser can decode (createImageBitmap) the
 * decode must succeed. A text file renamed `kaputt.jpg`, or a truncated photo, fails here instead of
 * on upload. A HEIC is not decoded here (most browsers cannot): the server reads it and says so if it
 * cannot (decision 059).
 */
export async function isReadableImage(file: File): Promise<boolean> {
  const head = new Uint8Array(
    await file
      .slice(0, 64)
      .arrayBuffer()
      .catch(() => new ArrayBuffer(0)),
  );
  const sniffed = sniffImageType(head);
  if (!sniffed) return false;
  if (sniffed === 'image/heic' || typeof createImageBitmap !== 'function') return true;
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
  const canShow = acceptedType(file) !== 'image/heic' || (await browserDecodes(file));
  const previewUrl = canShow && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  return {
    id: `img-${++counter}`,
    file,
    previewUrl,
    width: size?.width ?? null,
    height: size?.height ?? null,
    lowResolution: isLowResolution(size, minWidth, minHeight),
  };
}

/** Whether this browser shows the file as an image (Safari shows HEIC, Chrome and Firefox do not). */
async function browserDecodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return false;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

export function releasePreview(image: SelectedImage) {
  if (image.previewUrl && typeof URL.revokeObjectURL === 'function')
    URL.revokeObjectURL(image.previewUrl);
}
