import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/projects.js';
import { apiKeys, apiRenders } from '../db/schema/public-api.js';
import { users } from '../db/schema/users.js';
import { bearer, createKey, setPlan, uploadPhoto } from '../../test/support/api-client.js';
import { photo } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { teamOfThree } from '../../test/support/workspace-fixtures.js';

/**
 * API keys belong to a workspace (decisions 041/043): owner and admins create and revoke them, a
 * member sees them (403 `forbidden_role` on changes), a non-member never reaches them (404); renders
 * made with a key are projects of that workspace and draw on its pool, whoever created the key,
 * also after that person was removed. Staging jobs are queued but not worked: renders stay queued.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'send-only' });
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
const inWorkspace = (person: Person, workspaceId: string) => `${person.cookie}; rw_workspace=${workspaceId}`;

async function creditsUsed(userId: string) {
  const [row] = await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

/** A Business owner with an admin and a member (joining by mailed invitation: workspaces.test.ts). */
const businessTeam = () => teamOfThree(t.app, t.database.db, 'business', 100);

describe('API keys of a workspace', () => {
  it('owner and admin create and revoke; a member sees the keys but gets 403; a non-member gets 404', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    const byAdmin = await createKey(t.app, inWorkspace(admin, workspaceId), ['stage', 'read'], 'Portal');
    const byOwner = await createKey(t.app, owner.cookie, ['read'], 'CRM');
    const [row] = await t.database.db.select({ ownerId: apiKeys.ownerId, createdBy: apiKeys.createdBy }).from(apiKeys).where(eq(apiKeys.id, byAdmin.keyId));
    expect(row).toEqual({ ownerId: workspaceId, createdBy: admin.user.id });

    const memberView = (await t.app.inject({ url: '/api/settings/api', headers: { cookie: inWorkspace(member, workspaceId) } })).json();
    expect(memberView).toMatchObject({ available: true, canManage: false });
    expect(memberView.keys.map((k: { name: string }) => k.name).sort()).toEqual(['CRM', 'Portal']);
    expect((await t.app.inject({ url: '/api/settings/api', headers: { cookie: inWorkspace(admin, workspaceId) } })).json().canManage).toBe(true);

    const memberCreate = await t.app.inject({ method: 'POST', url: '/api/settings/api/keys', headers: { cookie: inWorkspace(member, workspaceId) }, payload: { name: 'Mine', scopes: ['read'] } });
    expect([memberCreate.statusCode, memberCreate.json().code]).toEqual([403, 'forbidden_role']);
    const memberRevoke = await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${byOwner.keyId}/revoke`, headers: { cookie: inWorkspace(member, workspaceId) } });
    expect([memberRevoke.statusCode, memberRevoke.json().code]).toEqual([403, 'forbidden_role']);
    const memberEndpoint = await t.app.inject({ method: 'POST', url: '/api/settings/api/webhooks', headers: { cookie: inWorkspace(member, workspaceId) }, payload: { url: 'https://example.com/hook' } });
    expect([memberEndpoint.statusCode, memberEndpoint.json().code]).toEqual([403, 'forbidden_role']);

    // A stranger naming the team's workspace acts in their own: the team's keys are not there.
    const stranger = await signUp(t.app);
    await setPlan(t.app, stranger.user.id, 'business');
    const strangerRevoke = await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${byOwner.keyId}/revoke`, headers: { cookie: inWorkspace(stranger, workspaceId) } });
    expect([strangerRevoke.statusCode, strangerRevoke.json().code]).toEqual([404, 'not_found']);
    expect((await t.app.inject({ url: '/api/settings/api', headers: { cookie: inWorkspace(stranger, workspaceId) } })).json().keys).toEqual([]);

    // The admin revokes the owner's key: it belongs to the workspace, not to the owner.
    const revoked = await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${byOwner.keyId}/revoke`, headers: { cookie: inWorkspace(admin, workspaceId) } });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(byOwner.key) })).statusCode).toBe(401);
    // In their own (free) personal workspace the admin sees no keys and cannot create one.
    expect((await t.app.inject({ url: '/api/settings/api', headers: { cookie: admin.cookie } })).json()).toMatchObject({ available: false, canManage: true, keys: [] });
  });

  it("a render with an admin's key is a project of the workspace on its pool; a key kept at the admin's removal keeps working", async () => {
    const { owner, admin, workspaceId } = await businessTeam();
    const { key, keyId } = await createKey(t.app, inWorkspace(admin, workspaceId));
    const photoId = await uploadPhoto(t.app, key, await photo(800, 600));
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(key), payload: { photoId, variations: 2 } });
    expect(created.statusCode).toBe(202);
    const render = created.json();

    expect([await creditsUsed(owner.user.id), await creditsUsed(admin.user.id)]).toEqual([2, 0]);
    const [project] = await t.database.db
      .select({ id: projects.id, workspaceId: projects.workspaceId, userId: projects.userId })
      .from(apiRenders)
      .innerJoin(projects, eq(projects.id, apiRenders.projectId))
      .where(eq(apiRenders.runId, render.id));
    expect(project).toEqual({ id: expect.any(String), workspaceId, userId: owner.user.id });
    const ownersProjects = (await t.app.inject({ url: '/api/projects', headers: { cookie: owner.cookie } })).json();
    expect(ownersProjects.map((p: { id: string }) => p.id)).toEqual([project!.id]);
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(key) })).json().credits).toEqual({ used: 2, limit: 100, remaining: 98, packs: 0 });

    // A key of another workspace does not see this render.
    const other = await signUp(t.app);
    await setPlan(t.app, other.user.id, 'business');
    const otherKey = await createKey(t.app, other.cookie);
    const foreign = await t.app.inject({ url: `/api/v1/renders/${render.id}`, headers: bearer(otherKey.key) });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'not_found']);

    // The owner removes the admin and keeps the key they made (decision 050; revoking it is the default,
    // workspaces/member-keys.test.ts): it keeps working for the workspace.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/workspace/members/${admin.user.id}`, headers: { cookie: owner.cookie }, payload: { keepApiKeyIds: [keyId] } });
    expect([removed.statusCode, removed.json()]).toEqual([200, { revokedApiKeys: [], keptApiKeys: [{ id: keyId, name: 'CRM', prefix: key.slice(0, 16) }] }]);
    const after = await t.app.inject({ url: `/api/v1/renders/${render.id}`, headers: bearer(key) });
    expect([after.statusCode, after.json().id]).toEqual([200, render.id]);
    const listed = (await t.app.inject({ url: '/api/settings/api', headers: { cookie: owner.cookie } })).json().keys;
    expect(listed).toEqual([expect.objectContaining({ name: 'CRM', revokedAt: null, createdBy: { name: expect.any(String), member: false }, keptBy: expect.any(String) })]);
  });
});
