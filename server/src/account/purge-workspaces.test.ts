/**
 * Decision 046 with real storage (the local driver's files on disk): a member's purge removes their
 * personal workspace's projects and files and never a team workspace's; an owner's purge removes
 * what former members left in the owner's workspace, under those members' prefixes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { bearer, createKey } from '../../test/support/api-client.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { addMember, inWorkspace, personalWorkspaceId } from '../../test/support/workspace-fixtures.js';
import { purgeDueAccounts } from './purge.js';

const log = pino({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine: new ScriptedEngine() } });
});
afterAll(async () => {
  await t?.close();
});
const SLOW = { timeout: 120_000 };

/** Every stored file under a key prefix, read from the disk itself. */
function filesUnder(prefix: string): string[] {
  const dir = path.join(storageRoot(), prefix);
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
/** The local driver keeps objects under DATA_DIR/objects (objects/local-storage.ts). */
const storageRoot = () => path.join(t.config.dataDir, 'objects');
const projectDir = (userId: string, projectId: string) => `users/${userId}/projects/${projectId}/`;

async function businessOwner() {
  const owner = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: 'business', creditsLimit: 1000 }).where(eq(users.id, owner.user.id));
  return { ...owner, workspaceId: await personalWorkspaceId(t.database.db, owner.user.id) };
}

/** A project with one staged photo, made through the API in the workspace the cookie acts in. */
async function stagedProject(cookie: string, title: string) {
  const projectId = await createProject(t.app, cookie, title);
  const staged = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
  expect(staged.statusCode).toBe(200);
  return { projectId, imagePath: staged.json().processedImagePath as string };
}

async function purgeNow(cookie: string, userId: string) {
  const requested = await t.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { origin: TEST_ORIGIN, cookie } });
  expect(requested.statusCode).toBe(200);
  await t.database.db.update(users).set({ deletionScheduledFor: sql`now() - interval '1 minute'` }).where(eq(users.id, userId));
  return purgeDueAccounts({ db: t.database.db, storage: t.services.storage }, log);
}

const projectRows = async (projectId: string) => (await t.database.db.select().from(projects).where(eq(projects.id, projectId))).length;

describe('purge and workspaces (decision 046)', SLOW, () => {
  it('a member’s purge removes their own projects and uploads but never the team’s project they created', async () => {
    const owner = await businessOwner();
    const member = await signUp(t.app);
    await addMember(t.database.db, owner.workspaceId, member.user.id);
    const team = await stagedProject(inWorkspace(member.cookie, owner.workspaceId), 'Team-Objekt');
    const own = await stagedProject(member.cookie, 'Eigenes Objekt');
    await upload(t.app, member.cookie, await photo(640, 480)); // an upload not yet staged

    const teamFiles = filesUnder(projectDir(member.user.id, team.projectId));
    const teamBytes = teamFiles.map((file) => readFileSync(file));
    const allFiles = filesUnder(`users/${member.user.id}/`);
    expect(filesUnder(projectDir(member.user.id, own.projectId))).toHaveLength(teamFiles.length);

    expect(await purgeNow(member.cookie, member.user.id)).toEqual({ purged: 1, failed: 0, files: allFiles.length - teamFiles.length });

    // Gone: the member, their personal project and its files, their uploads.
    expect(await t.database.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect(await projectRows(own.projectId)).toBe(0);
    expect(filesUnder(projectDir(member.user.id, own.projectId))).toEqual([]);
    expect(filesUnder(`users/${member.user.id}/uploads/`)).toEqual([]);
    // Kept: the team's project, its rows and its files byte for byte, served to the owner.
    expect(filesUnder(projectDir(member.user.id, team.projectId)).map((file) => readFileSync(file))).toEqual(teamBytes);
    const detail = await t.app.inject({ url: `/api/projects/${team.projectId}`, headers: { cookie: inWorkspace(owner.cookie, owner.workspaceId) } });
    expect([detail.statusCode, detail.json().title]).toEqual([200, 'Team-Objekt']);
    const image = await t.app.inject({ url: `/objects${team.imagePath}`, headers: { cookie: owner.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(readFileSync(path.join(storageRoot(), team.imagePath)))).toBe(true);
  });

  it('a member’s purge revokes the API keys they created in the team’s workspace (decision 050)', async () => {
    const owner = await businessOwner();
    const member = await signUp(t.app);
    await addMember(t.database.db, owner.workspaceId, member.user.id, 'admin');
    const { key } = await createKey(t.app, inWorkspace(member.cookie, owner.workspaceId), ['read'], 'Taken along');
    const ownersKey = await createKey(t.app, owner.cookie, ['read'], 'Owner');
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(key) })).statusCode).toBe(200);
    expect(await purgeNow(member.cookie, member.user.id)).toMatchObject({ purged: 1, failed: 0 });
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(key) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(ownersKey.key) })).statusCode).toBe(200);
  });

  it('an owner’s purge removes the projects a former member left in the owner’s workspace, and nothing of that member’s own', async () => {
    const owner = await businessOwner();
    const member = await signUp(t.app);
    await addMember(t.database.db, owner.workspaceId, member.user.id);
    const left = await stagedProject(inWorkspace(member.cookie, owner.workspaceId), 'Vom Mitglied');
    const membersOwn = await stagedProject(member.cookie, 'Eigenes Objekt');
    const ownersOwn = await stagedProject(owner.cookie, 'Objekt der Inhaberin');
    // The workspace's branding logo (decision 045) is the owner's too.
    const logo = await t.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${owner.workspaceId}/branding/logo`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': 'image/png' },
      payload: await photo(200, 50, 'png'),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(filesUnder(`workspaces/${owner.workspaceId}/`)).toHaveLength(1);
    // Refused while the member is in the workspace; removing them keeps their project in it.
    const refused = await t.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { origin: TEST_ORIGIN, cookie: owner.cookie } });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'workspace_has_members']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workspace/members/${member.user.id}`, headers: { origin: TEST_ORIGIN, cookie: owner.cookie } })).statusCode).toBe(200);

    const leftFiles = filesUnder(projectDir(member.user.id, left.projectId)).length;
    const ownerFiles = filesUnder(`users/${owner.user.id}/`).length;
    const membersFiles = filesUnder(projectDir(member.user.id, membersOwn.projectId)).length;
    expect(await purgeNow(owner.cookie, owner.user.id)).toEqual({ purged: 1, failed: 0, files: ownerFiles + leftFiles + 1 });
    expect(filesUnder(`workspaces/${owner.workspaceId}/`)).toEqual([]);

    expect([await projectRows(left.projectId), await projectRows(ownersOwn.projectId), await projectRows(membersOwn.projectId)]).toEqual([0, 0, 1]);
    expect(filesUnder(projectDir(member.user.id, left.projectId))).toEqual([]);
    expect(filesUnder(`users/${owner.user.id}/`)).toEqual([]);
    expect(filesUnder(projectDir(member.user.id, membersOwn.projectId))).toHaveLength(membersFiles);
    expect((await t.app.inject({ url: `/api/projects/${membersOwn.projectId}`, headers: { cookie: member.cookie } })).statusCode).toBe(200);
  });
});
