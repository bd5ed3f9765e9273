import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { PLANS } from '../../../contract/plans.js';
import type { TeamResponse, WorkspaceRole } from '../../../contract/workspaces.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/users.js';
import { workspaceInvitations, workspaceMembers } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import { requirePermission, type WorkspaceAccess } from './access.js';
import { activeKeysByCreator, mailOwnersAboutKeys, revokeKeysOfMember, type MemberKeysOutcome } from './member-keys.js';

/**
 * Members of a workspace (decision 041): list, change a role, remove, leave, transfer ownership.
 * The owner and the billing account (the subscriber) stay: the owner hands over first; the
 * subscriber's membership ends only with the subscription (through sales).
 */
type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function seatsUsed(db: Tx, workspaceId: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  const [pending] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, sql`now()`)));
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

export const seatsOf = (access: Pick<WorkspaceAccess, 'plan'>) => PLANS[access.plan].seats;

export async function team(db: Database, access: WorkspaceAccess): Promise<TeamResponse> {
  requirePermission(access, 'members.read');
  const members = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, access.workspaceId))
    .orderBy(sql`array_position(array['owner','admin','member'], ${workspaceMembers.role}::text)`, asc(workspaceMembers.createdAt));
  const invitations = await db
    .select({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role, expiresAt: workspaceInvitations.expiresAt })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, access.workspaceId), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, sql`now()`)))
    .orderBy(asc(workspaceInvitations.createdAt));
  const keys = await activeKeysByCreator(db, access.workspaceId);
  return {
    workspace: { id: access.workspaceId, name: access.name, role: access.role, plan: access.plan, personal: access.personal, readOnly: access.readOnly },
    seats: seatsOf(access),
    seatsUsed: members.length + invitations.length,
    members: members.map((m) => ({
      userId: m.userId,
      email: m.email,
      name: [m.firstName, m.lastName].filter(Boolean).join(' ') || null,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      apiKeys: keys.get(m.userId) ?? [],
    })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}

async function roleOf(db: Tx, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

const memberNotFound = () => AppError.notFound('Member not found');

/** Someone other than the owner and the billing account, who the caller may manage. */
async function manageableMember(db: Tx, access: WorkspaceAccess, userId: string): Promise<WorkspaceRole> {
  requirePermission(access, 'members.manage');
  const role = await roleOf(db, access.workspaceId, userId);
  if (!role) throw memberNotFound();
  if (role === 'owner') throw AppError.conflict('The owner cannot be changed or removed. The owner can transfer ownership first.', 'owner_cannot_leave');
  if (userId === access.billingUserId) throw AppError.conflict('The subscriber of this workspace stays a member while the subscription runs.', 'conflict');
  return role;
}

export async function changeRole(db: Database, access: WorkspaceAccess, userId: string, role: 'admin' | 'member'): Promise<void> {
  await manageableMember(db, access, userId);
  await db.update(workspaceMembers).set({ role }).where(and(eq(workspaceMembers.workspaceId, access.workspaceId), eq(workspaceMembers.userId, userId)));
}

export interface MemberChangeDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Removes a member; the projects they created stay with the workspace. The API keys they created
 * are revoked in the same transaction, except `keep` (decision 050); the owners are mailed.
 */
export async function removeMember(deps: MemberChangeDeps, access: WorkspaceAccess, remover: { id: string }, userId: string, keep: readonly string[] = []): Promise<MemberKeysOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    await manageableMember(tx, access, userId);
    await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, access.workspaceId), eq(workspaceMembers.userId, userId)));
    return revokeKeysOfMember(tx, access.workspaceId, userId, keep, remover.id);
  });
  await mailOwnersAboutKeys(deps.db, deps.mailer, deps.publicUrl, { workspaceId: access.workspaceId, workspaceName: access.name, member: { id: userId }, remover, outcome });
  return outcome;
}

/** The member leaves; every API key they created here is revoked (decision 050) and the owners are mailed. */
export async function leave(deps: MemberChangeDeps, access: WorkspaceAccess, userId: string): Promise<void> {
  if (access.personal) throw AppError.conflict('You cannot leave your own workspace.', 'owner_cannot_leave');
  if (access.role === 'owner') throw AppError.conflict('Transfer ownership to another member before you leave.', 'owner_cannot_leave');
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, access.workspaceId), eq(workspaceMembers.userId, userId)));
    return revokeKeysOfMember(tx, access.workspaceId, userId, [], null);
  });
  await mailOwnersAboutKeys(deps.db, deps.mailer, deps.publicUrl, { workspaceId: access.workspaceId, workspaceName: access.name, member: { id: userId }, remover: null, outcome });
}

/**
 * Before an account is deleted (decision 041): an owner or subscriber of a workspace others are in
 * would take the team's projects and pool with them, so they transfer ownership or remove the
 * members first (409 `workspace_has_members`).
 */
export async function assertNoSharedWorkspace(db: Database, userId: string): Promise<void> {
  const result = await db.execute(sql`
    SELECT 1 FROM workspaces w
    JOIN workspace_members me ON me.workspace_id = w.id AND me.user_id = ${userId}
    WHERE (me.role = 'owner' OR w.billing_user_id = ${userId})
      AND EXISTS (SELECT 1 FROM workspace_members o WHERE o.workspace_id = w.id AND o.user_id <> ${userId})
    LIMIT 1`);
  if (result.rows.length) {
    throw AppError.conflict('Your workspace has other members. Transfer ownership or remove them before you delete your account.', 'workspace_has_members');
  }
}

/** The owner hands the workspace to another member, who becomes its one owner; the former owner stays as admin. */
export async function transferOwnership(db: Database, access: WorkspaceAccess, ownerId: string, toUserId: string): Promise<void> {
  requirePermission(access, 'ownership.transfer');
  if (toUserId === ownerId) throw AppError.badRequest('You already own this workspace.');
  await db.transaction(async (tx) => {
    // Serialises concurrent transfers: the second finds the caller no longer owner.
    await tx.execute(sql`SELECT 1 FROM workspaces WHERE id = ${access.workspaceId} FOR UPDATE`);
    if ((await roleOf(tx, access.workspaceId, ownerId)) !== 'owner') throw AppError.forbidden('Only the owner can transfer ownership.', 'forbidden_role');
    if (!(await roleOf(tx, access.workspaceId, toUserId))) throw memberNotFound();
    const where = (userId: string) => and(eq(workspaceMembers.workspaceId, access.workspaceId), eq(workspaceMembers.userId, userId));
    await tx.update(workspaceMembers).set({ role: 'admin' }).where(where(ownerId));
    await tx.update(workspaceMembers).set({ role: 'owner' }).where(where(toUserId));
  });
}
