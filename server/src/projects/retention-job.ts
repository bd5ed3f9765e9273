import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';
import { defineJob } from '../jobs/job-queue.js';
import { projectPrefix } from '../objects/object-keys.js';
import type { ObjectStorage } from '../objects/storage.js';

export const PROJECT_RETENTION_JOB = 'projects.retention';
const BATCH = 50;

/**
 * Terms: images are deleted RETENTION_DAYS after their project completed (0 keeps them). The project
 * itself stays, marked with images_expired_at, so the lists can say the images have expired.
 * Rows go first (in a transaction that skips projects another worker holds), files after.
 */
export async function expireProjectImages(db: Database, storage: ObjectStorage, retentionDays: number, now = new Date()): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: projects.id, userId: projects.userId })
        .from(projects)
        .where(and(eq(projects.status, 'completed'), lt(projects.completedAt, cutoff), isNull(projects.imagesExpiredAt)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return due;
      const ids = due.map((p) => p.id);
      await tx.delete(projectImages).where(inArray(projectImages.projectId, ids));
      await tx.update(projects).set({ imagesExpiredAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(projects.id, ids));
      return due;
    });
    for (const project of batch) await storage.deletePrefix(projectPrefix(project.userId, project.id));
    expired += batch.length;
    if (batch.length < BATCH) return expired;
  }
}

export function projectRetentionJob(db: Database, storage: ObjectStorage, retentionDays: number) {
  return defineJob<Record<string, unknown>>({
    name: PROJECT_RETENTION_JOB,
    payload: z.object({}).passthrough(),
    cron: '41 2 * * *',
    async handler(_data, { log }) {
      const expired = await expireProjectImages(db, storage, retentionDays);
      if (expired) log.info({ expired, retentionDays }, 'deleted the images of expired projects');
    },
  });
}
