import type { Readable } from 'node:stream';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors/app-error.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

export interface ObjectInfo {
  size: number;
  contentType: string;
  /** Quoted, as sent in the ETag header. */
  etag: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** Where an upload URL points and what the browser must send there. */
export interface PendingUpload {
  id: string;
  key: string;
  expiresAt: Date;
  /** What the browser declared; the s3 driver signs the link for exactly this size and type. */
  size?: number;
  contentType?: string;
}

/**
 * The storage port: keys are validated by `object-keys.ts` before they reach an adapter. Two
 * adapters: `local` (DATA_DIR/objects, upload URLs signed and served by this app) and `s3`
 * (any S3-compatible store, presigned PUT URLs).
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The whole object, or null when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  /** Deletes the keys that exist; returns how many did. */
  delete(keys: string[]): Promise<number>;
  /** Deletes everything under a prefix (ending in '/'); returns how many objects went. */
  deletePrefix(prefix: string): Promise<number>;
  /** The URL the browser PUTs the file to. */
  uploadUrl(upload: PendingUpload): Promise<string>;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Writes an image and its thumbnail as one unit: when a write fails (disk full or read-only,
 * bucket unreachable) the objects already written are deleted again and a 503 "try again" is
 * thrown (the storage error as its cause, for the log), so nobody is left with half an image.
 */
export async function putObjects(storage: ObjectStorage, objects: Array<{ key: string; body: Buffer; contentType: string }>): Promise<void> {
  const written: string[] = [];
  try {
    for (const object of objects) {
      written.push(object.key);
      await storage.put(object.key, object.body, object.contentType);
    }
  } catch (err) {
    await storage.delete(written).catch(() => {});
    const unavailable = new AppError(503, 'service_unavailable', 'The image could not be stored right now. Please try again in a moment.', { 'retry-after': '5' });
    unavailable.cause = err;
    throw unavailable;
  }
}

export function createStorage(config: AppConfig): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(config.dataDir, config.sessionSecret);
}
