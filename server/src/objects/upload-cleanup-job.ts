import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { defineJob } from '../jobs/job-queue.js';
import { thumbnailKeyOf } from './object-keys.js';
import type { ObjectStorage } from './storage.js';
import { abandonedUploads, deleteUploadRows } from './uploads.js';

/** Uploads never turned into a project image are removed a day after their URL expired. */
export async function removeAbandonedUploads(db: Database, storage: ObjectStorage, log: FastifyBaseLogger): Promise<number> {
  const uploads = await abandonedUploads(db);
  for (const upload of uploads) await storage.delete([upload.objectKey, thumbnailKeyOf(upload.objectKey)]);
  await deleteUploadRows(
    db,
    uploads.map((u) => u.id),
  );
  if (uploads.length) log.info({ uploads: uploads.length }, 'removed abandoned uploads');
  return uploads.length;
}

export function uploadCleanupJob(db: Database, storage: ObjectStorage) {
  return defineJob<Record<string, unknown>>({
    name: 'objects.remove-abandoned-uploads',
    payload: z.object({}).passthrough(),
    cron: '41 * * * *',
    queue: { retryLimit: 0 },
    handler: (_data, { log }) => removeAbandonedUploads(db, storage, log),
  });
}
