import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WorkspaceRole } from '../../../contract/workspaces.js';
import { PLANS, type PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { users, type UserRow } from '../db/schema/users.js';
import { workspaceMembers, workspaces } from '../db/schema/workspaces.js';
import { currentUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../objects/object-keys.js';

/**
 * Who may do what in a workspace (decision 041), in one place. Routes never compare user ids with
 * owners: project reads go through `memberProjects` (ids of other workspaces answer 404 as before),
 * and everything a role limits goes through `requirePermission` (403 `forbidden_role`).
 */
export const PERMISSIONS = {
  /** See, create, stage, share and download the workspace's projects. */
  'projects.use': 'member',
  /** Delete a project someone else created (everyone may delete their own). */
  'projects.delete_any': 'admin',
  'members.read': 'member',
  'members.manage': 'admin',
  'billing.manage': 'admin',
  /** Create and revoke API keys and webhook endpoints (the public API, decision 043). */
  'api.manage': 'admin',
  /** Logo, name, contact line and accent colour (decision 045); every member sees them. */
  'branding.manage': 'admin',
  'ownership.transfer': 'owner',
} as const satisfies Record<string, WorkspaceRole>;
export type Permission = keyof typeof PERMISSIONS;

const RANK: Record<WorkspaceRole, number> = { member: 1, admin: 2, owner: 3 };

export function hasPermission(role: WorkspaceRole, permission: Permission): boolean {
  return RANK[role] >= RANK[PERMISSIONS[permission]];
}

export interface WorkspaceAccess {
  workspaceId: string;
  name: string;
  role: WorkspaceRole;
  /** The user row holding the workspace's subscription and credit pool. */
  billingUserId: string;
  plan: PlanId;
  /** The caller's own personal workspace (the one whose billing account they are). */
  personal: boolean;
  /**
   * The caller may view and download but not change anything: they hold no seat of the workspace's
   * plan (decision 046; a one-seat plan's seat is its billing account's, e.g. after Business ended).
   */
  readOnly: boolean;
}

export function requirePermission(access: WorkspaceAccess, permission: Permission): void {
  if (!hasPermission(access.role, permission)) {
    throw AppError.forbidden(`Your role in this workspace (${access.role}) does not allow this. Ask the workspace's owner or an admin.`, 'forbidden_role');
  }
}

/** The caller's memberships with plan and billing account; one workspace when `workspaceId` is given. */
export async function memberships(db: Pick<Database, 'select'>, userId: string, workspaceId?: string): Promise<WorkspaceAccess[]> {
  const rows = await db
    .select({
      workspaceId: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      billingUserId: workspaces.billingUserId,
      plan: users.subscriptionPlan,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.billingUserId))
    .where(and(eq(workspaceMembers.userId, userId), workspaceId ? eq(workspaces.id, workspaceId) : undefined))
    .orderBy(sql`${workspaces.billingUserId} <> ${userId}`, workspaces.name);
  return rows.map((row) => {
    const personal = row.billingUserId === userId;
    return { ...row, personal, readOnly: isReadOnly(personal, row.plan) };
  });
}

/**
 * Decision 046. Invitations (and accepting one) never exceed a plan's seats, so a workspace holds
 * more members than its plan allows only after its plan dropped to a one-seat plan (Business ended
 * or changed to Pro). The one seat is the billing account's (its pool, its personal workspace);
 * everyone else, whatever their role, keeps read access only.
 */
export function isReadOnly(personal: boolean, plan: PlanId): boolean {
  return !personal && PLANS[plan].seats <= 1;
}

/** 403 `workspace_read_only` for a member beyond the plan's seats (decision 046). */
export function requireWritable(access: WorkspaceAccess): void {
  if (access.readOnly) {
    throw AppError.forbidden(
      'This workspace is read-only for you since its Business plan ended: you can view and download its projects, but not upload, stage or share. A new Business subscription restores full access.',
      'workspace_read_only',
    );
  }
}

/** The cookie the header's switcher sets (the web app's fetches, image requests and event streams all carry it). */
export const WORKSPACE_COOKIE = 'rw_workspace';

const acting = new WeakMap<FastifyRequest, WorkspaceAccess>();

/**
 * The workspace a signed-in request acts in: the one its `rw_workspace` cookie names, when the
 * caller is a member of it, else their personal workspace. Memoised per request.
 */
export async function actingWorkspace(request: FastifyRequest): Promise<WorkspaceAccess> {
  const known = acting.get(request);
  if (known) return known;
  const user = currentUser(request);
  const chosen = request.cookies[WORKSPACE_COOKIE];
  const [selected] = chosen && isUuid(chosen) ? await memberships(request.server.db, user.id, chosen) : [];
  const access = selected ?? (await personalWorkspace(request.server.db, user.id));
  acting.set(request, access);
  return access;
}

export async function personalWorkspace(db: Pick<Database, 'select'>, userId: string): Promise<WorkspaceAccess> {
  const all = await memberships(db, userId);
  const personal = all.find((m) => m.personal);
  if (!personal) throw new Error(`user ${userId} has no personal workspace`);
  return personal;
}

/**
 * The user row holding the acting workspace's subscription and credits: the caller's own in their
 * personal workspace. `manage` (checkout, portal, plan changes, cancelling) needs `billing.manage`.
 */
export async function billingAccount(request: FastifyRequest, mode: 'read' | 'manage'): Promise<UserRow> {
  const access = await actingWorkspace(request);
  if (mode === 'manage') requirePermission(access, 'billing.manage');
  const caller = currentUser(request);
  if (access.billingUserId === caller.id) return caller;
  const [account] = await request.server.db.select().from(users).where(eq(users.id, access.billingUserId));
  if (!account) throw AppError.notFound('Workspace not found');
  return account;
}

/** SQL condition: the project belongs to a workspace `userId` is a member of (others' projects stay 404). */
export function memberProjects(db: Pick<Database, 'select'>, userId: string): SQL {
  return inArray(projects.workspaceId, db.select({ id: workspaceMembers.workspaceId }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId)));
}

/** The plan of the project's workspace (what its downloads may carry); free when the caller is no member. */
export async function projectPlan(db: Pick<Database, 'select'>, userId: string, projectId: string): Promise<PlanId> {
  return (await projectWorkspaceAccess(db, userId, projectId))?.access.plan ?? 'free';
}

/** The caller's access to a project's workspace; null (answer 404) when they are no member. */
export async function projectWorkspaceAccess(db: Pick<Database, 'select'>, userId: string, projectId: string): Promise<{ access: WorkspaceAccess; creatorId: string } | null> {
  if (!isUuid(projectId)) return null;
  const [project] = await db.select({ workspaceId: projects.workspaceId, creatorId: projects.userId }).from(projects).where(eq(projects.id, projectId));
  if (!project) return null;
  const [access] = await memberships(db, userId, project.workspaceId);
  return access ? { access, creatorId: project.creatorId } : null;
}
