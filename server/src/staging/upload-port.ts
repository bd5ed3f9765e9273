import type { Database } from '../db/client.js';

/**
 * What staging needs from the objects feature to turn an upload into a project original. The
 * objects feature implements it (`createUploadSource`); the composition (server/src/services.ts)
 * passes it in, so staging never reaches into objects' insides.
 */
export interface UploadRecord {
  id: string;
  objectKey: string;
  consumedAt: Date | null;
  /** The project original made from this upload, once consumed. */
  imageId: string | null;
  /** When the upload link was handed out: the original takes it as its `createdAt`, so photos keep upload order however they are staged (decision 025). */
  createdAt?: Date;
}

export interface IncomingImage {
  image: Buffer;
  thumbnail: Buffer;
  mimeType: string;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

export interface UploadSource {
  find(userId: string, objectKey: string): Promise<UploadRecord | null>;
  /** The validated, normalised image (an s3 upload is validated here, on first use); AppError 4xx when refused. */
  load(upload: UploadRecord): Promise<IncomingImage>;
  /** Binds the upload to the original inside the caller's transaction; false if another request was first. */
  consume(tx: Pick<Database, 'update'>, uploadId: string, imageId: string): Promise<boolean>;
  /** Deletes the upload's objects once the original is stored under the project. */
  discard(upload: UploadRecord): Promise<void>;
}
