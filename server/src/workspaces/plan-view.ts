import type { UserResponse } from '../../../contract/auth.js';

/** The plan and credit fields of the user object that belong to the workspace's billing account. */
export function workspacePlanOf(account: UserResponse): Pick<UserResponse, 'subscriptionPlan' | 'creditsUsed' | 'creditsLimit' | 'packCredits' | 'creditsResetAt'> {
  const { subscriptionPlan, creditsUsed, creditsLimit, packCredits, creditsResetAt } = account;
  return { subscriptionPlan, creditsUsed, creditsLimit, packCredits, creditsResetAt };
}
