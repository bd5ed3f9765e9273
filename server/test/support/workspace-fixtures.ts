import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { workspaceMembers, workspaces } from '../../src/db/schema/workspaces.js';

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
