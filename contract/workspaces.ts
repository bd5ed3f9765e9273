import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

/** Workspaces, members and invitations (decision 041). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const workspaceRole = z.enum(WORKSPACE_ROLES);
/** Roles an invitation or a role change can give (ownership moves only by transfer). */
export const assignableRole = z.enum(['admin', 'member']);
export type AssignableRole = z.infer<typeof assignableRole>;

export const workspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRole,
  plan: z.enum(PLAN_IDS),
  personal: z.boolean(),
  /** View and download only: the caller holds no seat of the plan (Business ended, decision 046). */
  readOnly: z.boolean(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummary>;

export const workspaceListResponse = z.object({ current: z.string(), workspaces: z.array(workspaceSummary) });
export type WorkspaceListResponse = z.infer<typeof workspaceListResponse>;

export const switchWorkspaceRequest = z.object({ workspaceId: z.string().uuid() });

/** An active API key of the workspace that this member created (decision 050: revoked with their membership unless kept). */
export const memberApiKey = z.object({ id: z.string(), name: z.string(), prefix: z.string() });
export type MemberApiKey = z.infer<typeof memberApiKey>;

export const workspaceMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: workspaceRole,
  joinedAt: z.string(),
  apiKeys: z.array(memberApiKey),
});
export type WorkspaceMember = z.infer<typeof workspaceMember>;
export const pendingInvitation = z.object({ id: z.string(), email: z.string(), role: assignableRole, expiresAt: z.string() });

export const teamResponse = z.object({
  workspace: workspaceSummary,
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  members: z.array(workspaceMember),
  invitations: z.array(pendingInvitation),
});
export type TeamResponse = z.infer<typeof teamResponse>;

export const inviteMemberRequest = z.object({ email: z.string().trim().toLowerCase().email().max(254), role: assignableRole.default('member') });
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;
export const changeRoleRequest = z.object({ role: assignableRole });
/**
 * `DELETE /api/workspace/members/:userId` (decision 050): the API keys the member created are revoked
 * with the membership, except those named here (the remover keeps them knowingly; the owners are mailed
 * either way). Without a body every key is revoked.
 */
export const removeMemberRequest = z.object({ keepApiKeyIds: z.array(z.string().uuid()).max(50).default([]) }).nullish();
export const removeMemberResponse = z.object({ revokedApiKeys: z.array(memberApiKey), keptApiKeys: z.array(memberApiKey) });
export type RemoveMemberResponse = z.infer<typeof removeMemberResponse>;
export const transferOwnershipRequest = z.object({ userId: z.string().uuid() });

export const invitationPreviewResponse = z.object({ workspaceName: z.string(), email: z.string(), role: assignableRole, expiresAt: z.string() });
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewResponse>;
export const acceptInvitationRequest = z.object({ token: z.string().min(10).max(200) });
export const acceptInvitationResponse = z.object({ workspaceId: z.string() });
