import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { apiIdempotency } from '../db/schema/public-api.js';
import { AppError } from '../errors/app-error.js';
import type { ApiOwner } from './owner.js';

/**
 * `Idempotency-Key` on POSTs (decision 044), as Stripe keeps it: the first successful answer to a
 * key is stored and replayed (header `Idempotent-Replayed: true`) for 24 hours, so a retried
 * render creation returns the same render and charges once. The key is claimed before the work
 * starts: a second request while the first still runs answers 409 `idempotency_in_progress`;
 * the same key with another request answers 422 `idempotency_conflict`. A failed first attempt
 * frees the key, so the retry does the work.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface Answer {
  statusCode: number;
  body: unknown;
}

export function fingerprintOf(request: FastifyRequest, body: Buffer | string): string {
  const path = request.url.split('?')[0];
  return createHash('sha256').update(`${request.method} ${path}\n`).update(body).digest('hex');
}

export async function idempotent(
  db: Database,
  owner: ApiOwner,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: string,
  work: () => Promise<Answer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return send(reply, await work());
  const key = Array.isArray(header) ? header[0]! : header;
  if (!KEY_PATTERN.test(key)) throw AppError.badRequest('Idempotency-Key: 1 to 255 visible ASCII characters.', 'validation_failed');

  const mine = and(eq(apiIdempotency.ownerId, owner.id), eq(apiIdempotency.key, key));
  await db.delete(apiIdempotency).where(and(mine, sql`${apiIdempotency.createdAt} < now() - interval '24 hours'`));
  const claimed = await db.insert(apiIdempotency).values({ ownerId: owner.id, key, fingerprint }).onConflictDoNothing().returning({ key: apiIdempotency.key });
  if (claimed.length === 0) {
    const [earlier] = await db.select().from(apiIdempotency).where(mine);
    if (!earlier) throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key just finished; send it again.', { 'retry-after': '1' });
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError(422, 'idempotency_conflict', 'This Idempotency-Key was already used for a different request.');
    }
    if (earlier.statusCode === null) {
      throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed.', { 'retry-after': '1' });
    }
    return send(reply.header('idempotent-replayed', 'true'), { statusCode: earlier.statusCode, body: earlier.body });
  }
  let answer: Answer;
  try {
    answer = await work();
  } catch (err) {
    await db.delete(apiIdempotency).where(mine);
    throw err;
  }
  await db.update(apiIdempotency).set({ statusCode: answer.statusCode, body: answer.body }).where(mine);
  return send(reply, answer);
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.code(answer.statusCode).send(answer.body);
}
