import { sql } from 'drizzle-orm';
import type { AdminAnalyticsResponse, AdminUserWorkspace } from '../../../contract/admin.js';
import { PLAN_IDS, PLANS, type PlanId } from '../../../contract/plans.js';
import type { WorkspaceRole } from '../../../contract/workspaces.js';
import type { Database } from '../db/client.js';

/** Admin figures about workspaces (decision 046): one SQL aggregate each, nothing counted in JavaScript. */

/** Seats taken the way Settings → Team counts them: members plus open invitations. */
const SEATS_USED = sql`(
  (SELECT count(*) FROM workspace_members m WHERE m.workspace_id = w.id)
  + (SELECT count(*) FROM workspace_invitations i WHERE i.workspace_id = w.id AND i.accepted_at IS NULL AND i.expires_at > now())
)::int`;

/** Every workspace each of the given users is in, their own first, then by name. */
export async function workspacesOfUsers(db: Database, userIds: string[]): Promise<Map<string, AdminUserWorkspace[]>> {
  const byUser = new Map<string, AdminUserWorkspace[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const result = await db.execute<{ user_id: string; id: string; name: string; role: WorkspaceRole; plan: PlanId; personal: boolean; seats_used: number }>(sql`
    SELECT me.user_id, w.id, w.name, me.role, bill.subscription_plan AS plan, w.billing_user_id = me.user_id AS personal, ${SEATS_USED} AS seats_used
    FROM workspace_members me
    JOIN workspaces w ON w.id = me.workspace_id
    JOIN users bill ON bill.id = w.billing_user_id
    WHERE me.user_id IN (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})
    ORDER BY me.user_id, w.billing_user_id <> me.user_id, w.name, w.id`);
  for (const row of result.rows) {
    byUser.get(row.user_id)?.push({
      id: row.id,
      name: row.name,
      role: row.role,
      plan: row.plan,
      personal: row.personal,
      seatsUsed: row.seats_used,
      seats: PLANS[row.plan].seats,
    });
  }
  return byUser;
}

/** Workspaces per plan, every plan listed; `teams` are those with more than one member. */
export async function workspaceCountsByPlan(db: Database): Promise<AdminAnalyticsResponse['workspaceCounts']> {
  const result = await db.execute<{ plan: PlanId; workspaces: number; teams: number }>(sql`
    SELECT bill.subscription_plan AS plan,
           count(*)::int AS workspaces,
           count(*) FILTER (WHERE (SELECT count(*) FROM workspace_members m WHERE m.workspace_id = w.id) > 1)::int AS teams
    FROM workspaces w JOIN users bill ON bill.id = w.billing_user_id
    GROUP BY bill.subscription_plan`);
  return PLAN_IDS.map((plan) => {
    const row = result.rows.find((r) => r.plan === plan);
    return { plan, workspaces: row?.workspaces ?? 0, teams: row?.teams ?? 0 };
  });
}
