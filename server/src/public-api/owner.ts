import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';

/**
 * Who owns API keys, renders, webhook endpoints and pays for API renders: the ONE place that decides
 * it (decision 043). Today every user is their own owner; when workspaces land (issue #24), this
 * returns the user's current workspace and `ownerAccount` reads the workspace's plan and credits.
 */
export interface ApiOwner {
  /** Key of every public-API row (`owner_id`). */
  id: string;
  /** The account whose credits, plan and fair-queue share API renders use (staging runs' `user_id`). */
  billingUserId: string;
}

export function apiOwnerOf(user: Pick<UserRow, 'id'>): ApiOwner {
  return { id: user.id, billingUserId: user.id };
}

/** The owner an API key belongs to (keys store `owner_id`). */
export function apiOwnerById(ownerId: string): ApiOwner {
  return { id: ownerId, billingUserId: ownerId };
}

export interface OwnerAccount {
  plan: PlanId;
  creditsUsed: number;
  creditsLimit: number;
  emailVerified: boolean;
}

export async function ownerAccount(db: Database, owner: ApiOwner): Promise<OwnerAccount | null> {
  const [row] = await db
    .select({ plan: users.subscriptionPlan, used: users.creditsUsed, limit: users.creditsLimit, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, owner.billingUserId));
  return row ? { plan: row.plan, creditsUsed: row.used, creditsLimit: row.limit, emailVerified: row.verified !== null } : null;
}

/** The public API is part of the Business plan. */
export const apiAvailableOn = (plan: PlanId) => plan === 'business';
