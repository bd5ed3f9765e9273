import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema/users.js';
import { workspaceMembers, workspaces } from '../../src/db/schema/workspaces.js';
import { signUp } from './test-app.js';

/**
 * Test-only: workspace set-ups for lifecycle tests. Joining by invitation mail is tested in
 * workspaces/workspaces.test.ts; here a member is written straight into the table.
 */
export async function personalWorkspaceId(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, userId));
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}

export async function addMember(db: Database, workspaceId: string, userId: string, role: 'admin' | 'member' = 'member'): Promise<void> {
  await db.insert(workspaceMembers).values({ workspaceId, userId, role });
}

/** The person's cookie while acting in the workspace (what the header's switcher sets). */
export const inWorkspace = (cookie: string, workspaceId: string) => `${cookie}; rw_workspace=${workspaceId}`;

/** The `readOnly` flag GET /api/workspaces reports for one workspace of the caller. */
export async function readOnlyFlag(app: FastifyInstance, cookie: string, workspaceId: string): Promise<boolean | undefined> {
  const list = (await app.inject({ url: '/api/workspaces', headers: { cookie } })).json() as { workspaces: Array<{ id: string; readOnly: boolean }> };
  return list.workspaces.find((w) => w.id === workspaceId)?.readOnly;
}

/**
 * An owner on `plan` (with `creditsLimit` credits) and an admin and a member in the owner's
 * workspace; the membership rows are written as an accepted invitation leaves them.
 */
export async function teamOfThree(app: FastifyInstance, db: Database, plan: 'free' | 'pro' | 'business', creditsLimit: number) {
  const owner = await signUp(app);
  await db.update(users).set({ subscriptionPlan: plan, creditsLimit }).where(eq(users.id, owner.user.id));
  const workspaceId = await personalWorkspaceId(db, owner.user.id);
  const [admin, member] = [await signUp(app), await signUp(app)];
  await addMember(db, workspaceId, admin.user.id, 'admin');
  await addMember(db, workspaceId, member.user.id, 'member');
  return { owner, admin, member, workspaceId };
}
