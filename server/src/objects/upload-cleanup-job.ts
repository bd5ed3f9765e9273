import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { defineJob } from '../jobs/job-queue.js';
import { thumbnailKeyOf } from './object-keys.js';
import type { ObjectStorage } from './storage.js';
import { abandonedUploads, deleteUploadRows } from './uploads.js';

/** Uploads never turned into a project image are removed `afterHours` after they were handed out (UNUSED_UPLOAD_HOURS). */
export async function removeAbandonedUploads(db: Database, storage: ObjectStorage, log: FastifyBaseLogger, afterHours: number): Promise<number> {
  const uploads = await abandonedUploads(db, afterHours);
  for (const upload of uploads) await storage.delete([upload.objectKey, thumbnailKeyOf(upload.objectKey)]);
  await deleteUploadRows(
    db,
    uploads.map((u) => u.id),
  );
  if (uploads.length) log.info({ uploads: uploads.length }, 'removed abandoned uploads');
  return uploads.length;
}

/** Every 15 minutes, so an unused upload is gone at most a quarter of an hour after UNUSED_UPLOAD_HOURS. */
export function uploadCleanupJob(db: Database, storage: ObjectStorage, afterHours: number) {
  return defineJob<Record<string, unknown>>({
    name: 'objects.remove-abandoned-uploads',
    payload: z.object({}).passthrough(),
    cron: '*/15 * * * *',
    queue: { retryLimit: 0 },
    handler: (_data, { log }) => removeAbandonedUploads(db, storage, log, afterHours),
  });
}
