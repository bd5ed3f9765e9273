import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { RunEvent, RunStage } from '../../../../contract/staging-runs.js';
import type { Database } from '../../db/client.js';
import { stagingRuns } from '../../db/schema/projects.js';
import { findImage, type RunRow } from './runs.js';
import { statusOfRunError } from './run-failures.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What the owner of a run sees when following it (decision 022); the worker's side is run-stage.ts. */
/** 1 + the reserved runs that were queued earlier and have not started yet (any user). */
export async function queuePosition(db: Executor, run: RunRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stagingRuns)
    .where(and(eq(stagingRuns.state, 'reserved'), isNull(stagingRuns.stage), lt(stagingRuns.createdAt, run.createdAt)));
  return (row?.n ?? 0) + 1;
}

/** The event that describes the run now: done/failed once settled, else its stage or place in the queue. */
export async function currentRunEvent(db: Executor, run: RunRow): Promise<RunEvent> {
  if (run.state === 'charged') {
    const image = run.resultImageId ? await findImage(db, run.resultImageId) : null;
    if (image) return { event: 'done', data: { success: true, processedImagePath: image.filePath, imageId: image.id } };
    return failedEvent('not_found', 'Project or image not found');
  }
  if (run.state === 'refunded') return failedEvent(run.errorCode ?? 'staging_failed', run.error ?? 'Failed to process image');
  if (run.stage) return { event: 'stage', data: { stage: run.stage as RunStage } };
  return { event: 'position', data: { position: await queuePosition(db, run) } };
}

function failedEvent(code: string, error: string): RunEvent {
  return { event: 'failed', data: { success: false, error, code, status: statusOfRunError(code) } };
}

/** The SSE `id:` of an event: equal ids mean nothing new happened (a reconnect resumes from it). */
export function eventId(event: RunEvent): string {
  switch (event.event) {
    case 'position':
      return `position-${event.data.position}`;
    case 'stage':
      return `stage-${event.data.stage}`;
    default:
      return event.event;
  }
}
