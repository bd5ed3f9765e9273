import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/users.js';
import { workspaces } from '../db/schema/workspaces.js';
import type { WorkspaceAccess } from '../workspaces/access.js';

/**
 * Who owns API keys, renders, listings, webhook endpoints and idempotency keys, and who pays for API
 * renders: the ONE place that decides it (decision 043). The owner is a workspace (decision 041):
 * its keys keep working whoever created them, its renders are projects of the workspace and draw
 * on the workspace's pool.
 */
export interface ApiOwner {
  /** The workspace: key of every public-API row (`owner_id`). */
  id: string;
  /**
   * The workspace's billing account: its plan and credits, and the member the API acts as (uploads,
   * projects, staging runs). The subscriber can neither leave nor be removed, so it always is a member.
   */
  billingUserId: string;
}

/** The owner a signed-in request acts for in Settings → API: its acting workspace. */
export function apiOwnerOf(access: Pick<WorkspaceAccess, 'workspaceId' | 'billingUserId'>): ApiOwner {
  return { id: access.workspaceId, billingUserId: access.billingUserId };
}

/** The owner an API key or render row belongs to (`owner_id`); null when the workspace is gone. */
export async function apiOwnerById(db: Pick<Database, 'select'>, workspaceId: string): Promise<ApiOwner | null> {
  const [row] = await db.select({ billingUserId: workspaces.billingUserId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row ? { id: workspaceId, billingUserId: row.billingUserId } : null;
}

export interface OwnerAccount {
  plan: PlanId;
  creditsUsed: number;
  creditsLimit: number;
  packCredits: number;
  emailVerified: boolean;
}

export async function ownerAccount(db: Database, owner: ApiOwner): Promise<OwnerAccount | null> {
  const [row] = await db
    .select({ plan: users.subscriptionPlan, used: users.creditsUsed, limit: users.creditsLimit, packs: users.packCredits, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, owner.billingUserId));
  return row ? { plan: row.plan, creditsUsed: row.used, creditsLimit: row.limit, packCredits: row.packs, emailVerified: row.verified !== null } : null;
}

/** The public API is part of the Business plan. */
export const apiAvailableOn = (plan: PlanId) => plan === 'business';
