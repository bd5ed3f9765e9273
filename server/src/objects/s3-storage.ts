import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectInfo, ObjectStorage, PendingUpload, StoredObject } from './storage.js';
import { UPLOAD_URL_TTL_SECONDS } from './storage.js';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Any S3-compatible store through the AWS SDK v3. Checksums only when required: otherwise the
 * presigned PUT URL carries a checksum of an empty body and every browser upload fails.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream', etag: out.ETag ?? '""' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = out.Body instanceof Readable ? out.Body : Readable.from(Buffer.from(await out.Body!.transformToByteArray()));
      return {
        body,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        etag: out.ETag ?? '""',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<number> {
    let deleted = 0;
    for (const key of keys) {
      // HEAD first: S3 reports a delete of a missing key as success, and callers count real files.
      if (!(await this.head(key))) continue;
      await this.#deleteBatch([key]);
      deleted += 1;
    }
    return deleted;
  }

  async deletePrefix(prefix: string): Promise<number> {
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      if (keys.length) {
        await this.#deleteBatch(keys);
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  async #deleteBatch(keys: string[]): Promise<void> {
    const out = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (out.Errors?.length) throw new Error(`S3 delete failed for ${out.Errors.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
  }

  async uploadUrl(upload: PendingUpload): Promise<string> {
    const expiresIn = Math.max(1, Math.min(UPLOAD_URL_TTL_SECONDS, Math.floor((upload.expiresAt.getTime() - Date.now()) / 1000)));
    if (!upload.size || !upload.contentType) throw new Error('an s3 upload link needs the declared size and content type');
    // Content-Length and Content-Type become signed headers: S3 refuses a PUT of another size or type.
    const put = new PutObjectCommand({ Bucket: this.bucket, Key: upload.key, ContentLength: upload.size, ContentType: upload.contentType });
    return getSignedUrl(this.client, put, { expiresIn, signableHeaders: new Set(['content-length', 'content-type']) });
  }
}
