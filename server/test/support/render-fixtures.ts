import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/client.js';
import { projectImages, stagingRuns } from '../../src/db/schema/projects.js';
import { apiRenders } from '../../src/db/schema/public-api.js';
import type { ErrorCode } from '../../../contract/errors.js';
import { chargeRun, refundRun } from '../../src/staging/credits.js';
import { insertProject } from './database-only.js';

/**
 * API renders for database-only tests (no app, no engine): the rows the render service leaves after
 * a staging start, settled by the staging credits' own charge and refund.
 */
type Db = DatabaseHandle['db'];

/** A render created with the key `keyId` of the workspace `ownerId` (billed to `billingUserId`): its staging run is reserved (queued). */
export async function insertApiRender(db: Db, owner: { id: string; billingUserId: string }, keyId: string | null, callbackUrl: string | null) {
  const projectId = await insertProject(db, owner.billingUserId, owner.id);
  const [run] = await db.insert(stagingRuns).values({ userId: owner.billingUserId, projectId, creditsUserId: owner.billingUserId }).returning({ id: stagingRuns.id });
  await db.insert(apiRenders).values({ runId: run!.id, ownerId: owner.id, keyId, projectId, photoId: randomUUID(), callbackUrl });
  return { runId: run!.id, projectId };
}

/** The render delivered: a staged image stored and the run charged (as the staging job ends). */
export async function completeApiRender(db: Db, render: { runId: string; projectId: string }, userId: string): Promise<void> {
  const [image] = await db
    .insert(projectImages)
    .values({ projectId: render.projectId, userId, filePath: `/users/${userId}/staged-${render.runId}.jpg`, isOriginal: false, mimeType: 'image/jpeg', width: 1600, height: 1200 })
    .returning({ id: projectImages.id });
  if (!(await chargeRun(db, render.runId, image!.id))) throw new Error(`run ${render.runId} is not reserved`);
}

/** The render failed (`staging_failed`) or was cancelled (`render_cancelled`): the run refunded. */
export async function refundApiRender(db: Db, runId: string, error: string, errorCode: ErrorCode): Promise<void> {
  if (!(await refundRun(db, runId, error, errorCode))) throw new Error(`run ${runId} is not reserved`);
}
