import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../../contract/workspaces.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { users, type UserRow } from '../db/schema/users.js';
import { workspaceMembers, workspaces } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import { insertProject, insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import {
  actingWorkspace,
  billingAccount,
  hasPermission,
  memberProjects,
  memberships,
  PERMISSIONS,
  personalWorkspace,
  projectPlan,
  projectWorkspaceAccess,
  requirePermission,
  requireWritable,
  WORKSPACE_COOKIE,
  type Permission,
  type WorkspaceAccess,
} from './access.js';

/**
 * access.ts against PostgreSQL, function by function (decision 041); the routes that use it are in
 * workspaces.test.ts and projects.test.ts. Three people: Ana (pro) is a member of Ben's workspace
 * (business) and an admin of Cleo's (free); Dan is nobody's member.
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
const people = {} as Record<'ana' | 'ben' | 'cleo' | 'dan', { id: string; workspaceId: string }>;

async function personOf(name: string, plan: 'free' | 'pro' | 'business', workspaceName: string) {
  const id = await insertUser(db);
  await db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, id));
  const [ws] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, id));
  await db.update(workspaces).set({ name: workspaceName }).where(eq(workspaces.id, ws!.id));
  return { id, workspaceId: ws!.id };
}

beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
  // Names chosen so the personal workspace sorts last by name but must still come first.
  people.ana = await personOf('ana', 'pro', 'Zzz Ana');
  people.ben = await personOf('ben', 'business', 'Ben Studio');
  people.cleo = await personOf('cleo', 'free', 'Apex Cleo');
  people.dan = await personOf('dan', 'free', 'Dan');
  await db.insert(workspaceMembers).values([
    { workspaceId: people.ben.workspaceId, userId: people.ana.id, role: 'member' },
    { workspaceId: people.cleo.workspaceId, userId: people.ana.id, role: 'admin' },
  ]);
});
afterAll(async () => {
  await handle?.drop();
});

async function userRow(id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

function request(user: UserRow, cookie?: string): FastifyRequest {
  return { user, cookies: cookie === undefined ? {} : { [WORKSPACE_COOKIE]: cookie }, server: { db } } as unknown as FastifyRequest;
}

const EXPECTED: Record<WorkspaceRole, Permission[]> = {
  member: ['projects.use', 'members.read'],
  admin: ['projects.use', 'projects.delete_any', 'members.read', 'members.manage', 'billing.manage', 'api.manage', 'branding.manage'],
  owner: ['projects.use', 'projects.delete_any', 'members.read', 'members.manage', 'billing.manage', 'api.manage', 'branding.manage', 'ownership.transfer'],
};

describe('permissions', () => {
  it.each(WORKSPACE_ROLES)('a %s may do exactly what decision 041 lists', (role) => {
    const allowed = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => hasPermission(role, p));
    expect(allowed.sort()).toEqual([...EXPECTED[role]].sort());
  });

  it('a read-only workspace (Business ended, decision 046) refuses writes with 403 workspace_read_only; a writable one does not', () => {
    const refusal = (() => {
      try {
        requireWritable({ role: 'admin', readOnly: true } as WorkspaceAccess);
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect([(refusal as AppError).statusCode, (refusal as AppError).code]).toEqual([403, 'workspace_read_only']);
    expect((refusal as AppError).message).toBe(
      'This workspace is read-only for you since its Business plan ended: you can view and download its projects, but not upload, stage or share. A new Business subscription restores full access.',
    );
    expect(() => requireWritable({ role: 'member', readOnly: false } as WorkspaceAccess)).not.toThrow();
  });

  it('a role without the permission is a 403 forbidden_role naming the role; with it nothing is thrown', () => {
    const access = { role: 'member' } as WorkspaceAccess;
    const error = (() => {
      try {
        requirePermission(access, 'billing.manage');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(403);
    expect((error as AppError).code).toBe('forbidden_role');
    expect((error as AppError).message).toBe("Your role in this workspace (member) does not allow this. Ask the workspace's owner or an admin.");
    expect(() => requirePermission({ role: 'admin' } as WorkspaceAccess, 'billing.manage')).not.toThrow();
    expect(() => requirePermission({ role: 'owner' } as WorkspaceAccess, 'ownership.transfer')).not.toThrow();
  });
});

describe('memberships', () => {
  it('lists the personal workspace first, then the others by name, with role, billing account and plan', async () => {
    const { ana, ben, cleo } = people;
    expect(await memberships(db, ana.id)).toStrictEqual([
      { workspaceId: ana.workspaceId, name: 'Zzz Ana', role: 'owner', billingUserId: ana.id, plan: 'pro', personal: true, readOnly: false },
      // A shared workspace whose plan is not Business (it ended): read-only for everyone but its payer (decision 046).
      { workspaceId: cleo.workspaceId, name: 'Apex Cleo', role: 'admin', billingUserId: cleo.id, plan: 'free', personal: false, readOnly: true },
      { workspaceId: ben.workspaceId, name: 'Ben Studio', role: 'member', billingUserId: ben.id, plan: 'business', personal: false, readOnly: false },
    ]);
    expect(await memberships(db, ben.id)).toStrictEqual([{ workspaceId: ben.workspaceId, name: 'Ben Studio', role: 'owner', billingUserId: ben.id, plan: 'business', personal: true, readOnly: false }]);
  });

  it('one workspace when asked for it; none when the user is no member of it', async () => {
    const { ana, ben, dan } = people;
    expect((await memberships(db, ana.id, ben.workspaceId)).map((m) => m.workspaceId)).toEqual([ben.workspaceId]);
    expect(await memberships(db, dan.id, ben.workspaceId)).toEqual([]);
    expect((await personalWorkspace(db, ana.id)).workspaceId).toBe(ana.workspaceId);
  });

  it('a user without a personal workspace is an error, not someone else’s workspace', async () => {
    const orphan = await insertUser(db);
    await db.insert(workspaceMembers).values({ workspaceId: people.ben.workspaceId, userId: orphan, role: 'member' });
    await db.delete(workspaces).where(eq(workspaces.billingUserId, orphan));
    await expect(personalWorkspace(db, orphan)).rejects.toThrow(`user ${orphan} has no personal workspace`);
  });
});

describe('the acting workspace', () => {
  it('is the cookie’s workspace when the caller is a member, else the personal one; memoised per request', async () => {
    const ana = await userRow(people.ana.id);
    expect((await actingWorkspace(request(ana, people.ben.workspaceId))).workspaceId).toBe(people.ben.workspaceId);
    expect((await actingWorkspace(request(ana))).workspaceId).toBe(people.ana.workspaceId);
    expect((await actingWorkspace(request(ana, people.dan.workspaceId))).workspaceId).toBe(people.ana.workspaceId);
    expect((await actingWorkspace(request(ana, 'not-a-uuid'))).workspaceId).toBe(people.ana.workspaceId);
    expect((await actingWorkspace(request(ana, ''))).workspaceId).toBe(people.ana.workspaceId);

    const req = request(ana, people.cleo.workspaceId);
    const first = await actingWorkspace(req);
    (req.cookies as Record<string, string>)[WORKSPACE_COOKIE] = people.ben.workspaceId;
    expect(await actingWorkspace(req)).toBe(first);
    expect(first.workspaceId).toBe(people.cleo.workspaceId);
  });

  it('needs a signed-in user', async () => {
    await expect(actingWorkspace({ cookies: {}, server: { db } } as unknown as FastifyRequest)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('the billing account', () => {
  it("is the caller's own row in their personal workspace", async () => {
    const ana = await userRow(people.ana.id);
    expect(await billingAccount(request(ana), 'manage')).toBe(ana);
  });

  it("is the workspace's billing user elsewhere; managing it needs billing.manage", async () => {
    const ana = await userRow(people.ana.id);
    expect((await billingAccount(request(ana, people.ben.workspaceId), 'read')).id).toBe(people.ben.id);
    await expect(billingAccount(request(ana, people.ben.workspaceId), 'manage')).rejects.toMatchObject({ statusCode: 403, code: 'forbidden_role' });
    expect((await billingAccount(request(ana, people.cleo.workspaceId), 'manage')).id).toBe(people.cleo.id);
  });

  it('is a 404 when the billing account is gone between the two reads (purged meanwhile)', async () => {
    const ana = await userRow(people.ana.id);
    const req = request(ana, people.ben.workspaceId);
    await actingWorkspace(req);
    const gone = { select: () => ({ from: () => ({ where: async () => [] }) }) };
    (req.server as unknown as { db: unknown }).db = gone;
    await expect(billingAccount(req, 'read')).rejects.toMatchObject({ statusCode: 404, message: 'Workspace not found' });
  });

  it("the acting workspace's cookie keeps its name (a rename would drop every member's chosen workspace)", () => {
    expect(WORKSPACE_COOKIE).toBe('rw_workspace');
  });
});

describe('projects of other workspaces', () => {
  it("memberProjects is exactly the projects of the caller's workspaces", async () => {
    const { ana, ben, cleo, dan } = people;
    const own = await insertProject(db, ana.id);
    const bens = await insertProject(db, ben.id);
    const cleos = await insertProject(db, cleo.id);
    const dans = await insertProject(db, dan.id);
    const visible = async (userId: string) =>
      (await db.select({ id: projects.id }).from(projects).where(and(memberProjects(db, userId)))).map((r) => r.id).filter((id) => [own, bens, cleos, dans].includes(id)).sort();
    expect(await visible(ana.id)).toEqual([own, bens, cleos].sort());
    expect(await visible(ben.id)).toEqual([bens]);
    expect(await visible(dan.id)).toEqual([dans]);
  });

  it("a project's plan is its workspace's; free for a non-member, an unknown id or a malformed id", async () => {
    const { ana, ben, dan } = people;
    const bens = await insertProject(db, ben.id);
    const anas = await insertProject(db, ana.id);
    expect(await projectPlan(db, ana.id, bens)).toBe('business');
    expect(await projectPlan(db, ana.id, anas)).toBe('pro');
    expect(await projectPlan(db, ben.id, anas)).toBe('free');
    expect(await projectPlan(db, dan.id, bens)).toBe('free');
    expect(await projectPlan(db, ana.id, randomUUID())).toBe('free');
    expect(await projectPlan(db, ana.id, 'not-a-uuid')).toBe('free');
  });

  it("a project's workspace access names the caller's role there and the project's creator; null otherwise", async () => {
    const { ana, ben, dan } = people;
    const bens = await insertProject(db, ben.id);
    const result = await projectWorkspaceAccess(db, ana.id, bens);
    expect(result).toStrictEqual({
      access: { workspaceId: ben.workspaceId, name: 'Ben Studio', role: 'member', billingUserId: ben.id, plan: 'business', personal: false, readOnly: false },
      creatorId: ben.id,
    });
    expect(await projectWorkspaceAccess(db, dan.id, bens)).toBeNull();
    expect(await projectWorkspaceAccess(db, ana.id, randomUUID())).toBeNull();
    expect(await projectWorkspaceAccess(db, ana.id, `${bens}x`)).toBeNull();
  });
});
