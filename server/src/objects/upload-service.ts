import { lockForCount } from '../db/advisory-lock.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import { assertAcceptedContentType, intakeImage, tooLarge, type IntakeResult } from './image-intake.js';
import type { LocalStorage } from './local-storage.js';
import { thumbnailKeyOf, uploadKey } from './object-keys.js';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.js';
import { putObjects, UPLOAD_URL_TTL_SECONDS, type ObjectStorage } from './storage.js';
import { verifyUploadToken } from './upload-signature.js';
import { claimUpload, completeUpload, consumeUpload, findUpload, findUploadById, insertUpload, releaseUpload, unusedUploadBytes, type UploadRow } from './uploads.js';

export interface DeclaredFile {
  size?: number;
  contentType?: string;
}

/**
 * The upload flow: hand out a URL, receive the bytes (local driver), hand a validated image to
 * staging. A URL is only handed out while the user's unused uploads stay within the quota.
 */
export async function issueUpload(db: Database, storage: ObjectStorage, userId: string, file: DeclaredFile, quotaBytes: number) {
  if (storage.driver === 's3' && (!file.size || !file.contentType)) {
    throw AppError.badRequest('size and contentType of the file are required for the upload link.', 'validation_failed');
  }
  const key = uploadKey(userId);
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
  const row = await insertWithinQuota(db, storage, userId, file.size ?? MAX_UPLOAD_BYTES, quotaBytes, (tx) => insertUpload(tx, userId, key, expiresAt, file.size));
  const uploadURL = await storage.uploadUrl({ id: row.id, key, expiresAt, size: file.size, contentType: file.contentType });
  return { uploadURL, objectPath: `/objects/${key}` };
}

/**
 * The quota check and the upload's row in one transaction under the user's lock (decision 049):
 * concurrent requests each see what the one before them inserted, so together they stop at the quota.
 */
async function insertWithinQuota(db: Database, storage: ObjectStorage, userId: string, bytes: number, quotaBytes: number, insert: (tx: Pick<Database, 'insert'>) => Promise<UploadRow>) {
  return db.transaction(async (tx) => {
    await lockForCount(tx, `upload-quota:${userId}`);
    const used = await unusedUploadBytes(tx, userId, storage.driver);
    if (used + bytes > quotaBytes) {
      throw AppError.conflict(
        'You have too many uploaded images that are not used in a project yet. Stage or remove them, or wait a few hours until unused uploads are cleared.',
        'upload_quota_exceeded',
      );
    }
    return insert(tx);
  });
}

/** An upload whose bytes arrived whole (the public API's photo upload, issue #25), as the staging port sees it. */
export interface ReceivedUpload {
  id: string;
  objectPath: string;
  width: number;
  height: number;
  createdAt: Date;
}

/**
 * Bytes received in one request (multipart or fetched from a URL): validated and normalised like a
 * PUT to an upload link, then stored as a completed, already-used upload of the user, within the
 * same quota. Staging takes it by its object path like any other upload.
 */
export async function storeReceivedUpload(db: Database, storage: ObjectStorage, userId: string, bytes: Buffer, contentType: string | undefined, quotaBytes: number): Promise<ReceivedUpload> {
  assertAcceptedContentType(contentType);
  const image = await intakeImage(bytes);
  const stored = image.image.length + image.thumbnail.length;
  const key = uploadKey(userId);
  const row = await insertWithinQuota(db, storage, userId, stored, quotaBytes, (tx) => insertUpload(tx, userId, key, new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000), stored));
  await claimUpload(db, row.id);
  await putObjects(storage, [
    { key, body: image.image, contentType: image.mimeType },
    { key: thumbnailKeyOf(key), body: image.thumbnail, contentType: 'image/webp' },
  ]);
  await completeUpload(db, row.id, { contentType: image.mimeType, width: image.width, height: image.height, byteSize: stored });
  return { id: row.id, objectPath: `/objects/${key}`, width: image.width, height: image.height, createdAt: row.createdAt };
}

/** A user's upload by id (another user's answers null). */
export async function findReceivedUpload(db: Database, userId: string, id: string): Promise<ReceivedUpload | null> {
  const row = await findUploadById(db, id);
  if (!row || row.userId !== userId || !row.completedAt) return null;
  return { id: row.id, objectPath: `/objects/${row.objectKey}`, width: row.width ?? 0, height: row.height ?? 0, createdAt: row.createdAt };
}

const invalidUrl = () => AppError.forbidden('This upload link is not valid.', 'upload_url_invalid');

/** Signature and expiry only (no database): done before the body is read. */
export function checkUploadToken(storage: LocalStorage, token: string): string {
  const check = verifyUploadToken(storage.signingKey, token);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? AppError.forbidden('This upload link has expired. Please start the upload again.', 'upload_url_invalid')
      : invalidUrl();
  }
  return check.id;
}

/** The body is larger than the size declared for its upload link (issue #22 item 6). */
export function sizeMismatch(): AppError {
  return new AppError(413, 'upload_size_mismatch', 'The file is larger than the size declared for this upload link. Please start the upload again.');
}

/** The size declared for an upload link (null when none was declared), read before its PUT body. */
export async function declaredUploadSize(db: Database, id: string): Promise<number | null> {
  return (await findUploadById(db, id))?.declaredSize ?? null;
}

/**
 * Local driver: the PUT of the raw file. The URL is claimed (single use), the bytes validated and
 * normalised, and only a valid image is written; a refused file gives the URL back.
 */
export async function receiveLocalUpload(db: Database, storage: LocalStorage, token: string, contentType: string | undefined, body: unknown) {
  const id = checkUploadToken(storage, token);
  const row = await claimUpload(db, id);
  if (!row) throw AppError.forbidden('This upload link was already used or has expired. Please start the upload again.', 'upload_url_invalid');
  try {
    assertAcceptedContentType(contentType);
    if (!Buffer.isBuffer(body)) throw new AppError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP and HEIC/HEIF images can be uploaded.');
    const image = await intakeImage(body, row.userId);
    await putObjects(storage, [
      { key: row.objectKey, body: image.image, contentType: image.mimeType },
      { key: thumbnailKeyOf(row.objectKey), body: image.thumbnail, contentType: 'image/webp' },
    ]);
    // The quota counts what is really stored from now on: the image and its thumbnail.
    await completeUpload(db, row.id, { contentType: image.mimeType, width: image.width, height: image.height, byteSize: image.image.length + image.thumbnail.length });
    return { objectPath: `/objects/${row.objectKey}`, width: image.width, height: image.height };
  } catch (err) {
    await releaseUpload(db, row.id);
    throw err;
  }
}

/**
 * The validated image of an upload, for process-image. Local uploads were validated in the PUT;
 * s3 uploads are read, validated and normalised here, the first time they are used (a refused
 * file is deleted from the bucket). Nothing here charges anything.
 */
export async function loadUploadedImage(storage: ObjectStorage, upload: Pick<UploadRow, 'userId' | 'objectKey' | 'completedAt' | 'width' | 'height' | 'declaredSize'>): Promise<IntakeResult> {
  const notUploaded = () => AppError.notFound('The uploaded image was not found. Please upload it again.');
  if (upload.completedAt) {
    const [image, thumbnail] = await Promise.all([storage.read(upload.objectKey), storage.read(thumbnailKeyOf(upload.objectKey))]);
    if (!image || !thumbnail) throw notUploaded();
    return { image, thumbnail, mimeType: 'image/jpeg', extension: 'jpg', width: upload.width ?? 0, height: upload.height ?? 0 };
  }
  if (storage.driver === 'local') throw notUploaded();
  const info = await storage.head(upload.objectKey);
  if (!info) throw notUploaded();
  try {
    if (info.size > MAX_UPLOAD_BYTES) throw tooLarge();
    // S3 itself refuses a PUT of another size (the link signs Content-Length); checked again here.
    if (upload.declaredSize !== null && info.size > upload.declaredSize) throw sizeMismatch();
    assertAcceptedContentType(info.contentType);
    const bytes = await storage.read(upload.objectKey);
    if (!bytes) throw notUploaded();
    return await intakeImage(bytes, upload.userId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode !== 404) await storage.delete([upload.objectKey]);
    throw err;
  }
}

/** After the upload became a project image: its upload objects are no longer needed. */
export async function discardUploadObjects(storage: ObjectStorage, upload: Pick<UploadRow, 'objectKey'>): Promise<void> {
  await storage.delete([upload.objectKey, thumbnailKeyOf(upload.objectKey)]);
}

/**
 * The upload source staging consumes (staging/upload-port.ts describes it; the composition passes
 * this in). Uploads are looked up by owner and key, so another user's key is simply not found.
 */
export function createUploadSource(db: Database, storage: ObjectStorage) {
  return {
    find: (userId: string, objectKey: string) => findUpload(db, userId, objectKey),
    load: async (upload: { objectKey: string }) => {
      const row = await findUpload(db, upload.objectKey.split('/')[1]!, upload.objectKey);
      if (!row) throw AppError.notFound('The uploaded image was not found. Please upload it again.');
      return loadUploadedImage(storage, row);
    },
    consume: (tx: Parameters<typeof consumeUpload>[0], uploadId: string, imageId: string) => consumeUpload(tx, uploadId, imageId),
    discard: (upload: { objectKey: string }) => discardUploadObjects(storage, upload),
  };
}
