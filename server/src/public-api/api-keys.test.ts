import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_API_KEYS, MAX_WEBHOOK_ENDPOINTS } from '../../../contract/public-api.js';
import { apiKeys } from '../db/schema/public-api.js';
import { bearer, createKey, setPlan } from '../../test/support/api-client.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { hashApiKey } from './api-keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('Settings → API keys', () => {
  it('below Business: the page shows the limits the plan would give, and no key can be created', async () => {
    const { cookie } = await signUp(t.app);
    const settings = await t.app.inject({ url: '/api/settings/api', headers: { cookie } });
    expect(settings.json()).toEqual({ available: false, canManage: true, limits: { requestsPerMinute: 120, concurrentRenders: 10 }, keys: [] });
    const create = await t.app.inject({ method: 'POST', url: '/api/settings/api/keys', headers: { cookie }, payload: { name: 'CRM', scopes: ['read'] } });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('plan_required');
  });

  it('a key is shown once, stored as its SHA-256 with a visible prefix, and revoked at once', async () => {
    const { cookie, user } = await signUp(t.app);
    await setPlan(t.app, user.id, 'business');
    const { key, keyId, signingSecret } = await createKey(t.app, cookie, ['read'], 'Makler-CRM');
    expect(key).toMatch(/^rw_live_[A-Za-z0-9_-]{43}$/);
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.prefix).toBe(key.slice(0, 16));

    const listed = (await t.app.inject({ url: '/api/settings/api', headers: { cookie } })).json();
    expect(listed.available).toBe(true);
    expect(listed.keys).toEqual([
      { id: keyId, name: 'Makler-CRM', prefix: key.slice(0, 16), scopes: ['read'], createdAt: expect.any(String), lastUsedAt: null, revokedAt: null, createdBy: { name: 'Test', member: true }, revokedReason: null, keptBy: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const used = await t.app.inject({ url: '/api/v1/account', headers: bearer(key) });
    expect(used.statusCode).toBe(200);
    const afterUse = (await t.app.inject({ url: '/api/settings/api', headers: { cookie } })).json();
    expect(Date.parse(afterUse.keys[0].lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(afterUse.keys[0].createdAt));

    const revoke = await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${keyId}/revoke`, headers: { cookie } });
    expect(revoke.json()).toMatchObject({ revokedAt: expect.any(String), revokedReason: 'revoked' });
    const refused = await t.app.inject({ url: '/api/v1/account', headers: bearer(key) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'This API key is not valid or was revoked.', code: 'invalid_api_key' });
  });

  it("another user's key cannot be revoked (404) and stays usable", async () => {
    const owner = await signUp(t.app);
    await setPlan(t.app, owner.user.id, 'business');
    const { key, keyId } = await createKey(t.app, owner.cookie);
    const stranger = await signUp(t.app);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${keyId}/revoke`, headers: { cookie: stranger.cookie } });
    expect(revoke.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(key) })).statusCode).toBe(200);
  });

  it('a session cookie alone never opens the API', async () => {
    const { cookie, user } = await signUp(t.app);
    await setPlan(t.app, user.id, 'business');
    const response = await t.app.inject({ url: '/api/v1/account', headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_api_key');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a key stops working when the plan drops below Business', async () => {
    const { cookie, user } = await signUp(t.app);
    await setPlan(t.app, user.id, 'business');
    const { key } = await createKey(t.app, cookie);
    await setPlan(t.app, user.id, 'pro', 200);
    const response = await t.app.inject({ url: '/api/v1/account', headers: bearer(key) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('plan_required');
  });
});

describe('caps under concurrency (issue 36 item 4, decision 049)', () => {
  it(`${MAX_ACTIVE_API_KEYS + 5} keys created at once: exactly ${MAX_ACTIVE_API_KEYS} are made, the rest answer 409 api_key_limit`, async () => {
    const { cookie, user } = await signUp(t.app);
    await setPlan(t.app, user.id, 'business');
    const answers = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 5 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/settings/api/keys', headers: { cookie }, payload: { name: `key ${i}`, scopes: ['read'] } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => [a.statusCode, a.json().code])).toEqual(Array(5).fill([409, 'api_key_limit']));
    const listed = (await t.app.inject({ url: '/api/settings/api', headers: { cookie } })).json();
    expect(listed.keys.filter((k: { revokedAt: string | null }) => k.revokedAt === null)).toHaveLength(MAX_ACTIVE_API_KEYS);
  });

  it(`${MAX_WEBHOOK_ENDPOINTS + 7} webhook endpoints added at once: exactly ${MAX_WEBHOOK_ENDPOINTS} are added, the rest answer 409`, async () => {
    const { cookie, user } = await signUp(t.app);
    await setPlan(t.app, user.id, 'business');
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 7 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/settings/api/webhooks', headers: { cookie }, payload: { url: `https://example.com/hook/${i}` } }),
      ),
    );
    const added = answers.filter((a) => a.statusCode < 300);
    expect(added).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(answers.filter((a) => a.statusCode >= 300).map((a) => [a.statusCode, a.json().code])).toEqual(Array(7).fill([409, 'conflict']));
    expect((await t.app.inject({ url: '/api/settings/api/webhooks', headers: { cookie } })).json().endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });
});
