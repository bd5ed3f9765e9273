import { and, eq } from 'drizzle-orm';
import type { RunStage } from '../../../../contract/staging-runs.js';
import type { Database } from '../../db/client.js';
import { stagingRuns } from '../../db/schema/projects.js';
import { notifySettled } from '../credits.js';

/**
 * A run's progress as its owner may follow it (decision 022). The worker records the pipeline step
 * on the run row and sends the same NOTIFY as a settlement, so every web process's run listener
 * wakes the streams following that run; the row, not the notification, is the truth.
 */
export async function markStage(db: Pick<Database, 'update' | 'execute'>, runId: string, stage: RunStage): Promise<void> {
  const updated = await db
    .update(stagingRuns)
    .set({ stage })
    .where(and(eq(stagingRuns.id, runId), eq(stagingRuns.state, 'reserved')))
    .returning({ id: stagingRuns.id });
  if (updated.length) await notifySettled(db, [runId]);
}

