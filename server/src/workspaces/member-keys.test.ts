import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { workspaces } from '../db/schema/workspaces.js';
import { bearer, createKey } from '../../test/support/api-client.js';
import { startTestInbox, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { inWorkspace, teamOfThree } from '../../test/support/workspace-fixtures.js';

/**
 * Issue 36 item 2, decision 050: an admin mints a key, is removed, and the key must stop working
 * unless the remover kept it knowingly; the owner is mailed; keys show their creator.
 */
let t: TestApp;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ jobs: true, env: { SMTP_URL: inbox.url, MAIL_FROM: 'Raumwerk <mail@raumwerk.test>', REGISTER_LIMIT_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

type Cookie = string;
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: Cookie, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const works = async (key: string) => (await t.app.inject({ url: '/api/v1/account', headers: bearer(key) })).statusCode;
const keysOf = async (cookie: Cookie) => (await inject('GET', '/api/settings/api', cookie)).json().keys as Array<Record<string, unknown>>;
const isKeysMail = (mail: { subject?: string }) => mail.subject?.startsWith('API keys of') ?? false;

let teams = 0;
/** A Business team whose owner and admin have names of their own (sign-up names everyone "Test"), the admin with two keys. */
async function teamWithAdminKeys() {
  const team = await teamOfThree(t.app, t.database.db, 'business', 100);
  const n = ++teams;
  await t.database.db.update(users).set({ firstName: 'Olga', lastName: `Owner${n}` }).where(eq(users.id, team.owner.user.id));
  await t.database.db.update(users).set({ firstName: 'Anna', lastName: `Admin${n}` }).where(eq(users.id, team.admin.user.id));
  await t.database.db.update(workspaces).set({ name: `Team ${n}` }).where(eq(workspaces.id, team.workspaceId));
  const asAdmin = inWorkspace(team.admin.cookie, team.workspaceId);
  const crm = await createKey(t.app, asAdmin, ['read'], 'CRM');
  const portal = await createKey(t.app, asAdmin, ['stage', 'read'], 'Portal');
  const ownersKey = await createKey(t.app, team.owner.cookie, ['read'], 'Owner key');
  return { ...team, crm, portal, ownersKey, ownerName: `Olga Owner${n}`, adminName: `Anna Admin${n}`, workspaceName: `Team ${n}` };
}

describe("a removed member's API keys", () => {
  it('are named in the team list, revoked with the removal by default, and the owner is mailed which ones', async () => {
    const { owner, admin, crm, portal, ownersKey, ownerName, adminName, workspaceName } = await teamWithAdminKeys();
    const members = (await inject('GET', '/api/workspace/team', owner.cookie)).json().members as Array<{ userId: string; apiKeys: unknown[] }>;
    expect(members.find((m) => m.userId === admin.user.id)!.apiKeys).toEqual([
      { id: crm.keyId, name: 'CRM', prefix: crm.key.slice(0, 16) },
      { id: portal.keyId, name: 'Portal', prefix: portal.key.slice(0, 16) },
    ]);
    expect(members.find((m) => m.userId === owner.user.id)!.apiKeys).toEqual([{ id: ownersKey.keyId, name: 'Owner key', prefix: ownersKey.key.slice(0, 16) }]);
    expect([await works(crm.key), await works(portal.key)]).toEqual([200, 200]);

    const removed = await inject('DELETE', `/api/workspace/members/${admin.user.id}`, owner.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ revokedApiKeys: [expect.objectContaining({ id: crm.keyId }), expect.objectContaining({ id: portal.keyId })], keptApiKeys: [] });
    // The key the admin took along answers 401 at once; the owner's own key is untouched.
    expect([await works(crm.key), await works(portal.key), await works(ownersKey.key)]).toEqual([401, 401, 200]);

    const listed = await keysOf(owner.cookie);
    expect(listed.find((k) => k.id === crm.keyId)).toMatchObject({ revokedAt: expect.any(String), revokedReason: 'member_removed', createdBy: { name: adminName, member: false }, keptBy: null });
    expect(listed.find((k) => k.id === ownersKey.keyId)).toMatchObject({ revokedAt: null, revokedReason: null, createdBy: { name: ownerName, member: true } });

    const mail = await inbox.waitFor(owner.user.email, isKeysMail);
    expect(mail.subject).toBe(`API keys of ${adminName} in the workspace "${workspaceName}"`);
    expect(mail.text).toContain(`${ownerName} removed ${adminName} from the workspace "${workspaceName}".`);
    expect(mail.text).toContain(`Revoked (they no longer work): CRM (${crm.key.slice(0, 16)}…), Portal (${portal.key.slice(0, 16)}…).`);
    expect(mail.text).not.toContain('Kept by');
  });

  it('the remover may keep named keys: they keep working, show who kept them, and the mail says so', async () => {
    const { owner, admin, crm, portal, ownerName, adminName } = await teamWithAdminKeys();
    const removed = await inject('DELETE', `/api/workspace/members/${admin.user.id}`, owner.cookie, { keepApiKeyIds: [portal.keyId] });
    expect(removed.json()).toEqual({ revokedApiKeys: [expect.objectContaining({ id: crm.keyId })], keptApiKeys: [{ id: portal.keyId, name: 'Portal', prefix: portal.key.slice(0, 16) }] });
    expect([await works(crm.key), await works(portal.key)]).toEqual([401, 200]);
    expect((await keysOf(owner.cookie)).find((k) => k.id === portal.keyId)).toMatchObject({ revokedAt: null, keptBy: ownerName, createdBy: { name: adminName, member: false } });
    const mail = await inbox.waitFor(owner.user.email, isKeysMail);
    expect(mail.text).toContain(`Kept by ${ownerName} (they keep working, although ${adminName} has seen them and may still hold them): Portal (${portal.key.slice(0, 16)}…).`);
  });

  it('only the member’s own active keys can be kept: anything else is 400 and nothing changes', async () => {
    const { owner, admin, crm, ownersKey } = await teamWithAdminKeys();
    for (const keep of [[ownersKey.keyId], ['00000000-0000-4000-8000-000000000000'], ['not-a-uuid']]) {
      const refused = await inject('DELETE', `/api/workspace/members/${admin.user.id}`, owner.cookie, { keepApiKeyIds: keep });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'validation_failed']);
    }
    expect(await works(crm.key)).toBe(200);
    expect((await inject('GET', '/api/workspace/team', owner.cookie)).json().members.map((m: { userId: string }) => m.userId)).toContain(admin.user.id);
  });

  it('a member who leaves takes no working key along', async () => {
    const { owner, admin, crm, portal, workspaceId, adminName, workspaceName } = await teamWithAdminKeys();
    expect((await inject('POST', '/api/workspace/leave', inWorkspace(admin.cookie, workspaceId))).statusCode).toBe(204);
    expect([await works(crm.key), await works(portal.key)]).toEqual([401, 401]);
    const mail = await inbox.waitFor(owner.user.email, isKeysMail);
    expect(mail.text).toContain(`${adminName} left the workspace "${workspaceName}".`);
    expect(mail.text).toContain('Revoked (they no longer work): CRM');
  });
});
