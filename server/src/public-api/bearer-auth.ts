import type { FastifyRequest } from 'fastify';
import type { ApiScope } from '../../../contract/public-api.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { authenticateApiKey, type ApiKeyRow } from './api-keys.js';
import { apiAvailableOn, apiOwnerById, ownerAccount, type ApiOwner } from './owner.js';

/**
 * `/api/v1` authentication (decision 043): `Authorization: Bearer <key>` and nothing else; the
 * session cookie is never read here, so a browser's ambient credentials cannot act on the API.
 * Order: key (401) → per-key rate limit (429) → plan still Business (403) → scope (403).
 */
export interface ApiCaller {
  key: ApiKeyRow;
  owner: ApiOwner;
}

const callers = new WeakMap<FastifyRequest, ApiCaller>();

export function apiCaller(request: FastifyRequest): ApiCaller {
  const caller = callers.get(request);
  if (!caller) throw new AppError(401, 'invalid_api_key', 'Send your API key as Authorization: Bearer <key>.');
  return caller;
}

export function requireApiKey(db: Database, scope: ApiScope, requestsPerMinute: number) {
  return async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new AppError(401, 'invalid_api_key', 'Send your API key as Authorization: Bearer <key>.');
    const key = await authenticateApiKey(db, match[1]!);
    if (!key) throw new AppError(401, 'invalid_api_key', 'This API key is not valid or was revoked.');
    const limit = await hitRateLimit(db, `api:key:${key.id}`, requestsPerMinute, 60);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds, `At most ${requestsPerMinute} requests per minute per key.`);
    const owner = await apiOwnerById(db, key.ownerId);
    if (!owner) throw new AppError(401, 'invalid_api_key', 'This API key is not valid or was revoked.');
    const account = await ownerAccount(db, owner);
    if (!account || !apiAvailableOn(account.plan)) {
      throw AppError.forbidden('The API is part of the Business plan. Upgrade to use this key again.', 'plan_required');
    }
    if (!key.scopes.includes(scope)) throw AppError.forbidden(`This key lacks the "${scope}" scope.`, 'insufficient_scope');
    callers.set(request, { key, owner });
  };
}
