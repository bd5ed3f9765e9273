import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_UPLOAD_BYTES, THUMBNAIL_MAX_SIDE } from '../../../contract/limits.js';
import { AppError } from '../errors/app-error.js';
import { asImageWorkOwner, fullSizeJpeg, isSharpTimeout, runImageWork, THUMBNAIL_WEBP, UNTRUSTED_IMAGE_TIMEOUT } from '../images/image-work.js';
import { isHeif } from '../images/heic-decode.js';
import { decodeHeic } from '../images/heic-port.js';
import { formatName, howToSend } from './format-names.js';

/**
 * Validation and normalisation of an uploaded photo, before anything is charged:
 * - the type is decided by the content (sharp), not by the header: PNG, JPEG, WEBP, or HEIC/HEIF
 *   (decision 059: decoded by libheif in an image thread into a JPEG that keeps its colour profile and,
 *   where the file has no rotation of its own, its EXIF orientation; then treated like any JPEG);
 * - at most 30 MB (413), sides between 64 and 12 000 px, at most 50 megapixels (a PNG header or a
 *   HEIC's item size claiming 30000x30000 is refused before any pixel is decoded: 422);
 * - a file that is none of these names what it is and how to send it instead (415/422);
 * - truncated or corrupt files fail while decoding (422);
 * - stored as JPEG, auto-oriented, at most 3840 px on the long side, every metadata block
 *   (EXIF incl. GPS, XMP, IPTC, ICC) dropped, transparency flattened on white;
 * - a WebP thumbnail of at most 480 px.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MIN_SIDE = 64;
export const MAX_SIDE = 12_000;
export const STORED_MAX_LONG_SIDE = 3840;

const ACCEPTED_DECLARED_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'application/octet-stream',
  // What S3 records when the browser sent no type; the content decides anyway.
  'binary/octet-stream',
]);
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export interface IntakeResult {
  image: Buffer;
  mimeType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
  thumbnail: Buffer;
}

const unsupported = () =>
  new AppError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP and HEIC/HEIF images can be uploaded.');
/**
 * A file whose bytes are another format says which, and how to send it: 415 for an image format that
 * is read but not staged (TIFF, GIF...), 422 for bytes no image decoder here reads (a PDF, a text).
 */
const otherFormat = (bytes: Uint8Array, status: 415 | 422) => {
  const name = formatName(bytes);
  const message = name ? `This file is ${name}, which cannot be staged. ${howToSend}` : `This file is not an image Raumwerk can read. ${howToSend}`;
  return new AppError(status, status === 415 ? 'unsupported_media_type' : 'unprocessable_image', message);
};
const heicUnreadable = () =>
  new AppError(
    422,
    'heic_unreadable',
    'This HEIC/HEIF photo could not be read: the file is damaged, incomplete or of a kind the decoder does not know. Export it as JPEG (on an iPhone: share the photo and choose "Save as JPEG", or set Settings › Camera › Formats to "Most Compatible") and upload that.',
  );
const unprocessable = (message: string) => new AppError(422, 'unprocessable_image', message);

export function tooLarge(): AppError {
  return new AppError(413, 'payload_too_large', `The image is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB. Please upload a smaller file.`);
}

/** The declared Content-Type check, done before reading the body where possible. */
export function assertAcceptedContentType(declared: string | undefined): void {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_DECLARED_TYPES.has(type)) throw unsupported();
}

/**
 * `uploaderId`: whose upload it is; its full-resolution pass then takes its turn in the image-work
 * limit's round robin per user (decision 040; one pass per round, whatever the plan).
 */
export async function intakeImage(bytes: Buffer, uploaderId?: string): Promise<IntakeResult> {
  if (bytes.length === 0) throw unprocessable('The file is empty.');
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
  const heif = isHeif(bytes);
  // A HEIC is checked (its size before decoding) and decoded inside the slot, in an image thread.
  const meta = heif ? null : await checkedMetadata(bytes);

  try {
    // The full-resolution pass waits for a slot of the process-wide image limit (images/image-work.ts).
    const pass = () => runImageWork(async () => (heif ? normalise(...(await fromHeic(bytes))) : normalise(bytes, meta!)));
    return await (uploaderId ? asImageWorkOwner({ key: uploaderId, share: 1 }, pass) : pass());
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isSharpTimeout(err)) throw unprocessable('This image took too long to read. Please save it again as a JPEG and upload that.');
    throw unprocessable('The image file is damaged or incomplete.');
  }
}

async function checkedMetadata(bytes: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw unprocessable(dimensionsMessage());
    if (/unsupported image format/i.test(message)) throw otherFormat(bytes, 422);
    throw unprocessable('The image file is damaged or incomplete.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw otherFormat(bytes, 415);
  const { width, height } = meta;
  if (!width || !height) throw unprocessable('The image file is damaged or incomplete.');
  if (width * height > MAX_INPUT_PIXELS || Math.max(width, height) > MAX_SIDE || Math.min(width, height) < MIN_SIDE) {
    throw unprocessable(dimensionsMessage());
  }
  return meta;
}

/**
 * A HEIC/HEIF upload as the JPEG the rest of the intake works on (decision 059). The decoder checks
 * the item's size before decoding; it has its own time budget, after which its thread is replaced.
 */
async function fromHeic(bytes: Buffer): Promise<[Buffer, Metadata]> {
  const limits = { maxPixels: MAX_INPUT_PIXELS, maxSide: MAX_SIDE, minSide: MIN_SIDE };
  let decoded;
  try {
    decoded = await decodeHeic(bytes, limits, AbortSignal.timeout(UNTRUSTED_IMAGE_TIMEOUT.heic.seconds * 1000));
  } catch (err) {
    if ((err as Error)?.name === 'TimeoutError') throw unprocessable('This image took too long to read. Please save it again as a JPEG and upload that.');
    throw err;
  }
  if ('error' in decoded) throw decoded.error.reason === 'dimensions' ? unprocessable(dimensionsMessage()) : heicUnreadable();
  const jpeg = Buffer.from(decoded.jpeg.buffer, decoded.jpeg.byteOffset, decoded.jpeg.byteLength);
  return [jpeg, await checkedMetadata(jpeg)];
}

function dimensionsMessage(): string {
  return `The image dimensions are not supported: sides must be between ${MIN_SIDE} and ${MAX_SIDE} pixels and the image at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
}

/**
 * One decode-resize-encode pass for the stored JPEG (truncation fails here). The thumbnail of a
 * JPEG is made in parallel from the upload itself, where shrink-on-load decodes at 1/8 scale for
 * little more than the entropy decoding (and uses the core the JPEG decoder leaves idle); other
 * formats have no such shortcut and get it from the stored JPEG afterwards.
 */
async function normalise(bytes: Buffer, meta: Metadata): Promise<IntakeResult> {
  // Transparency goes onto white and other colour spaces (CMYK, 16-bit) to sRGB; plain RGB skips both passes.
  const decode = () => {
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).autoOrient();
    if (meta.hasAlpha) image = image.flatten({ background: '#ffffff' });
    if (meta.space !== 'srgb' && meta.space !== 'b-w') image = image.toColourspace('srgb');
    return image;
  };
  // Every pass has a time budget (decision 049): a file that decodes pathologically slowly frees its slot.
  const thumbnailOf = (image: Sharp) =>
    image.resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside' }).webp(THUMBNAIL_WEBP).timeout(UNTRUSTED_IMAGE_TIMEOUT.photo).toBuffer();
  const [main, early] = await Promise.all([
    decode()
      .resize({ width: STORED_MAX_LONG_SIDE, height: STORED_MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg(fullSizeJpeg(90))
      .timeout(UNTRUSTED_IMAGE_TIMEOUT.photo)
      .toBuffer({ resolveWithObject: true }),
    meta.format === 'jpeg' ? thumbnailOf(decode()) : null,
  ]);
  const thumbnail = early ?? (await thumbnailOf(sharp(main.data)));
  return { image: main.data, mimeType: 'image/jpeg', extension: 'jpg', width: main.info.width, height: main.info.height, thumbnail };
}
