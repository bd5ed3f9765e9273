import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiAccountResponse, ApiRender, CreateRenderRequest } from '../../../contract/public-api.js';
import { STYLES } from '../../../contract/styles.js';
import type { Database } from '../db/client.js';
import { apiListings, apiRenderSlots, apiRenders } from '../db/schema/public-api.js';
import { stagingRuns } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import { ownerAccount, type ApiOwner } from './owner.js';
import type { PublicApiPorts, StoredPhoto } from './ports.js';
import { renderQuery, renderViews, resultPath, type RenderRow } from './render-view.js';
import { assertAllowedUrl, OutboundRefused, type OutboundPolicy } from './safe-fetch.js';

export interface RenderServiceDeps {
  db: Database;
  ports: PublicApiPorts;
  outbound: OutboundPolicy;
  concurrentRenders: number;
  requestsPerMinute: number;
  /** Queues the render's webhooks once it is settled (webhooks.ts). */
  onSettled(runId: string): Promise<void>;
}

const renderNotFound = () => AppError.notFound('This render was not found.');

export async function runningRenders(db: Pick<Database, 'select'>, owner: ApiOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiRenders)
    .innerJoin(stagingRuns, eq(stagingRuns.id, apiRenders.runId))
    .where(and(eq(apiRenders.ownerId, owner.id), eq(stagingRuns.state, 'reserved')));
  return row?.n ?? 0;
}

/** A slot left by a process that died while creating a render stops counting after this long. */
const SLOT_LIFETIME = sql`interval '10 minutes'`;

/**
 * The concurrency cap, atomic (decision 043): under the owner's transaction-scoped advisory lock,
 * the queued and running renders plus the renders being created right now are counted and, below
 * the cap, one more slot is taken. The transaction is two short statements, so nobody waits on a
 * lock held across a staging start; the slot is given back by `releaseSlot`.
 */
async function takeSlot(db: Database, owner: ApiOwner, cap: number): Promise<string> {
  const slot = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api-renders:${owner.id}`}))`);
    const [creating] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiRenderSlots)
      .where(and(eq(apiRenderSlots.ownerId, owner.id), sql`${apiRenderSlots.createdAt} > now() - ${SLOT_LIFETIME}`));
    if ((await runningRenders(tx, owner)) + (creating?.n ?? 0) >= cap) return null;
    const [row] = await tx.insert(apiRenderSlots).values({ ownerId: owner.id }).returning({ id: apiRenderSlots.id });
    return row!.id;
  });
  if (!slot) {
    throw new AppError(429, 'concurrency_limit', `At most ${cap} renders can be queued or running at once. Wait for one to finish.`, { 'retry-after': '10' });
  }
  return slot;
}

const releaseSlot = (db: Pick<Database, 'delete'>, slotId: string) => db.delete(apiRenderSlots).where(eq(apiRenderSlots.id, slotId));

/**
 * Starts a render through the web app's staging start (same credit reservation, lock, refunds and
 * fair queue). A photo rendered before is restaged in its project; `listing` gathers renders in
 * one project so their room groups share furniture; otherwise each photo gets a project of its own.
 */
export async function createRender(deps: RenderServiceDeps, owner: ApiOwner, keyId: string, request: CreateRenderRequest, log: FastifyBaseLogger): Promise<ApiRender> {
  const { db, ports } = deps;
  const photo = await ports.photos.find(owner.billingUserId, request.photoId);
  if (!photo) throw AppError.notFound('This photo was not found. Upload it first (photos expire a few hours after upload unless rendered).');
  if (request.style === 'custom' && !request.customStyle) throw AppError.badRequest('customStyle: describe the style when style is custom.', 'validation_failed');
  if (request.callbackUrl) assertUrl(deps.outbound, request.callbackUrl, 'callbackUrl');
  const slotId = await takeSlot(db, owner, deps.concurrentRenders);
  let runId: string;
  try {
    runId = await startRender(deps, owner, keyId, photo, request, log, slotId);
  } catch (err) {
    await releaseSlot(db, slotId);
    throw err;
  }
  // A fast worker may have settled the run before its render row existed.
  await deps.onSettled(runId);
  return getRender(db, owner, runId);
}

/** The staging start and the render row; the row replaces the slot in one transaction. */
async function startRender(
  deps: RenderServiceDeps,
  owner: ApiOwner,
  keyId: string,
  photo: StoredPhoto,
  request: CreateRenderRequest,
  log: FastifyBaseLogger,
  slotId: string,
): Promise<string> {
  const { db, ports } = deps;
  const category = request.type === 'removal' ? 'furniture_removal' : request.type === 'renovation' ? 'renovation' : 'virtual_staging';
  const [earlier] = await db
    .select({ projectId: apiRenders.projectId })
    .from(apiRenders)
    .where(and(eq(apiRenders.ownerId, owner.id), eq(apiRenders.photoId, photo.id)))
    .limit(1);
  const projectId = earlier?.projectId ?? (await projectFor(deps, owner, request.listing, category));
  const started = await ports.startRun(
    owner.billingUserId,
    {
      imageURL: photo.objectPath,
      projectId,
      category,
      styleName: STYLES[request.style].styleName,
      styleDescription: request.style === 'custom' ? (request.customStyle ?? '') : '',
      instructions: request.instructions,
      isRegeneration: Boolean(earlier),
      roomType: request.roomType,
      roomGroup: request.roomGroup,
      variations: request.variations,
      ...(request.type === 'renovation' && request.renovation ? { renovation: request.renovation } : {}),
    },
    log,
  );
  if (!('runId' in started)) throw AppError.conflict('This photo is already staged.');
  await db.transaction(async (tx) => {
    await tx.insert(apiRenders).values({ runId: started.runId, ownerId: owner.id, keyId, projectId, photoId: photo.id, callbackUrl: request.callbackUrl ?? null });
    await releaseSlot(tx, slotId);
  });
  return started.runId;
}

function assertUrl(policy: OutboundPolicy, url: string, field: string) {
  try {
    assertAllowedUrl(policy, url);
  } catch (err) {
    if (err instanceof OutboundRefused) throw AppError.badRequest(`${field}: ${err.message}`, 'url_not_allowed');
    throw err;
  }
}

async function projectFor(deps: RenderServiceDeps, owner: ApiOwner, listing: string | undefined, category: 'virtual_staging' | 'furniture_removal' | 'renovation') {
  if (!listing) return deps.ports.createProject(owner.billingUserId, owner.id, 'API render', category);
  const find = async () =>
    (await deps.db.select({ projectId: apiListings.projectId }).from(apiListings).where(and(eq(apiListings.ownerId, owner.id), eq(apiListings.name, listing))))[0]?.projectId;
  const existing = await find();
  if (existing) return existing;
  const projectId = await deps.ports.createProject(owner.billingUserId, owner.id, listing, category);
  await deps.db.insert(apiListings).values({ ownerId: owner.id, name: listing, projectId }).onConflictDoNothing();
  // Two first renders of a listing at once: both use the project that won.
  return (await find()) ?? projectId;
}

async function findRender(db: Database, owner: ApiOwner, runId: string): Promise<RenderRow> {
  const [row] = await renderQuery(db).where(and(eq(apiRenders.runId, runId), eq(apiRenders.ownerId, owner.id)));
  if (!row) throw renderNotFound();
  return row as RenderRow;
}

export async function getRender(db: Database, owner: ApiOwner, runId: string): Promise<ApiRender> {
  const [view] = await renderViews(db, [await findRender(db, owner, runId)]);
  return view!;
}

interface Cursor {
  createdAt: string;
  runId: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.createdAt, c.runId])).toString('base64url');
/** What `encodeCursor` writes: `toISOString()` (checked by a round trip, so "1" or a 13th month never reaches `::timestamptz`) and a run id. */
const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(raw: string): Cursor {
  const invalid = () => AppError.badRequest('cursor: this value is not valid.', 'validation_failed');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [createdAt, runId] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof runId !== 'string' || !UUID.test(runId) || !ISO_MILLISECONDS.test(createdAt)) throw invalid();
  const time = new Date(createdAt);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== createdAt) throw invalid();
  return { createdAt, runId };
}

/** Cursors carry milliseconds (ISO strings); the order compares at the same precision. */
const createdMs = sql`date_trunc('milliseconds', ${apiRenders.createdAt})`;

/** Newest first, `limit` per page; `nextCursor` continues after the page's last render. */
export async function listRenders(db: Database, owner: ApiOwner, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = (await renderQuery(db)
    .where(
      and(
        eq(apiRenders.ownerId, owner.id),
        after ? sql`(${createdMs}, ${apiRenders.runId}) < (${after.createdAt}::timestamptz, ${after.runId}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`${createdMs} DESC`, desc(apiRenders.runId))
    .limit(limit + 1)) as RenderRow[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: await renderViews(db, page),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), runId: last.runId }) : null,
  };
}

/** Only a queued render (no worker has started it) can be cancelled; its credits are refunded. */
export async function cancelRender(deps: RenderServiceDeps, owner: ApiOwner, runId: string): Promise<ApiRender> {
  const row = await findRender(deps.db, owner, runId);
  if (row.state !== 'reserved' || row.stage || !(await deps.ports.cancelQueuedRun(runId))) {
    throw AppError.conflict('Only a queued render can be cancelled; this one is already running or finished.', 'not_cancellable');
  }
  return getRender(deps.db, owner, runId);
}

export async function renderResultPath(db: Database, owner: ApiOwner, runId: string, position: number): Promise<string> {
  const path = await resultPath(db, await findRender(db, owner, runId), position);
  if (!path) throw AppError.notFound('This result was not found.');
  return path;
}

export async function accountOf(deps: RenderServiceDeps, owner: ApiOwner): Promise<ApiAccountResponse> {
  const account = await ownerAccount(deps.db, owner);
  if (!account) throw AppError.unauthorized();
  return {
    plan: account.plan,
    credits: {
      used: account.creditsUsed,
      limit: account.creditsLimit,
      remaining: Math.max(0, account.creditsLimit - account.creditsUsed) + account.packCredits,
      packs: account.packCredits,
    },
    concurrency: { limit: deps.concurrentRenders, running: await runningRenders(deps.db, owner) },
    rateLimit: { requestsPerMinute: deps.requestsPerMinute },
  };
}
