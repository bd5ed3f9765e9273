import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletionResponse } from '../../../contract/account.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { cancelDeletion, readDeletionState, requestDeletion } from './deletion-service.js';

/**
 * Wraps an unexpected failure in the spec §8 text the dialogs show ('Failed to request account
 * deletion'); the cause goes to the log. Expected errors (404, 409) keep their own message.
 */
async function withFailureText<T>(log: { error(o: object, m: string): void }, text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err }, text);
    throw new AppError(500, 'internal_error', text);
  }
}

export interface AccountRoutesOptions {
  /** Refuses a deletion that would take others' shared data with it (wired to workspaces, decision 041). */
  beforeDeletionRequest?: (userId: string) => Promise<void>;
}

/** GET/POST/DELETE /api/account/deletion: read, request and cancel the deletion of one's account. */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const schema = { response: { 200: accountDeletionResponse } };

  r.get('/api/account/deletion', { preHandler: requireUser, schema }, async (request) =>
    readDeletionState(db, currentUser(request).id),
  );

  r.post('/api/account/deletion', { preHandler: requireUser, schema }, async (request) =>
    withFailureText(request.log, 'Failed to request account deletion', async () => {
      await options.beforeDeletionRequest?.(currentUser(request).id);
      return requestDeletion(db, currentUser(request).id);
    }),
  );

  r.delete('/api/account/deletion', { preHandler: requireUser, schema }, async (request) =>
    withFailureText(request.log, 'Failed to cancel account deletion', () => cancelDeletion(db, currentUser(request).id)),
  );
}
