import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { InvitationPreviewResponse, InviteMemberRequest } from '../../../contract/workspaces.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema/users.js';
import { users } from '../db/schema/users.js';
import { workspaceInvitations, workspaceMembers, workspaces } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import { memberships, requirePermission, type WorkspaceAccess } from './access.js';
import { seatsOf, seatsUsed } from './members.js';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const invalidLink = () => AppError.badRequest('This invitation is invalid, was already used or has expired. Ask for a new one.', 'token_invalid');
const seatsExhausted = (seats: number) =>
  AppError.conflict(`All ${seats} seats of this workspace are taken (members and open invitations). Remove someone or contact sales for more seats.`, 'seats_exhausted');

export interface InviteDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** Mails a single-use link to the address; the seat is held until it is used or expires. */
export async function invite(deps: InviteDeps, access: WorkspaceAccess, inviter: UserRow, input: InviteMemberRequest, language: 'de' | 'en'): Promise<{ id: string }> {
  requirePermission(access, 'members.manage');
  const { db } = deps;
  const token = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM workspaces WHERE id = ${access.workspaceId} FOR UPDATE`);
    const [member] = await tx
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, access.workspaceId), sql`lower(${users.email}) = ${input.email}`));
    if (member) throw AppError.conflict('This person is already a member of the workspace.', 'already_member');
    // A new invitation to the same address replaces the open one (its link stops working).
    await tx.delete(workspaceInvitations).where(and(eq(workspaceInvitations.workspaceId, access.workspaceId), eq(workspaceInvitations.email, input.email), isNull(workspaceInvitations.acceptedAt)));
    if ((await seatsUsed(tx, access.workspaceId)) >= seatsOf(access)) throw seatsExhausted(seatsOf(access));
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({ workspaceId: access.workspaceId, email: input.email, role: input.role, tokenHash: hashToken(token), invitedByUserId: inviter.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .returning({ id: workspaceInvitations.id });
    return row!.id;
  });
  const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email;
  await deps.mailer.send({
    to: input.email,
    language,
    template: 'workspace_invitation',
    data: { url: `${deps.publicUrl}/invitation?token=${token}`, workspaceName: access.name, inviter: inviterName },
  });
  return { id };
}

export async function revokeInvitation(db: Database, access: WorkspaceAccess, invitationId: string): Promise<void> {
  requirePermission(access, 'members.manage');
  const gone = await db
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, access.workspaceId), isNull(workspaceInvitations.acceptedAt)))
    .returning({ id: workspaceInvitations.id });
  if (!gone.length) throw AppError.notFound('Invitation not found');
}

async function openInvitation(db: Pick<Database, 'select'>, token: string) {
  const [row] = await db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(and(eq(workspaceInvitations.tokenHash, hashToken(token)), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, sql`now()`)));
  return row ?? null;
}

/** What the invitation page shows before the invitee accepts. */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreviewResponse> {
  const row = await openInvitation(db, token);
  if (!row) throw invalidLink();
  const { email, role, expiresAt } = row.invitation;
  return { workspaceName: row.workspaceName, email, role, expiresAt: expiresAt.toISOString() };
}

/**
 * The invitee joins: signed in with the invited address, confirmed. The link is used up in the same
 * transaction (a second use, or a concurrent one, finds it used).
 */
export async function acceptInvitation(db: Database, user: UserRow, token: string): Promise<{ workspaceId: string }> {
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, token);
    if (!row) throw invalidLink();
    const { invitation } = row;
    if (user.email.toLowerCase() !== invitation.email) {
      throw AppError.forbidden(`This invitation is for ${invitation.email}. Sign in with that address to accept it.`, 'invitation_email_mismatch');
    }
    if (!user.emailVerifiedAt) throw AppError.forbidden('Please confirm your e-mail address first: open the link in the e-mail we sent you.', 'email_not_verified');
    const used = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(workspaceInvitations.id, invitation.id), isNull(workspaceInvitations.acceptedAt)))
      .returning({ id: workspaceInvitations.id });
    if (!used.length) throw invalidLink();
    if ((await memberships(tx, user.id, invitation.workspaceId)).length) throw AppError.conflict('You are already a member of this workspace.', 'already_member');
    // The plan may have shrunk since the invitation went out (Business ended, decision 046). Counted
    // under the workspace's row lock, the one inviting takes too: two invitees accepting at once
    // cannot both take the last seat (decision 049).
    await tx.execute(sql`SELECT 1 FROM workspaces WHERE id = ${invitation.workspaceId} FOR UPDATE`);
    const [pool] = await tx
      .select({ plan: users.subscriptionPlan })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.billingUserId))
      .where(eq(workspaces.id, invitation.workspaceId));
    const seats = seatsOf({ plan: pool?.plan ?? 'free' });
    const [members] = await tx.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, invitation.workspaceId));
    if ((members?.n ?? 0) >= seats) throw seatsExhausted(seats);
    await tx.insert(workspaceMembers).values({ workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role });
    return { workspaceId: invitation.workspaceId };
  });
}
