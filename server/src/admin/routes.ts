import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAnalyticsResponse,
  adminDashboardResponse,
  adminSystemResponse,
  adminUsersResponse,
} from '../../../contract/admin.js';
import { requireAdmin } from '../auth/guards.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { funnelLast7Days, planTotals, recentSignups, todayCounts, topPagesLast14Days, trendsLast14Days } from './stats-repository.js';
import { readSystemStatus } from './system-status.js';
import { workspaceCountsByPlan, workspacesOfUsers } from './workspace-stats.js';

export interface AdminRoutesOptions {
  jobs: JobQueue | null;
  storageDriver: 'local' | 's3';
  /**
   * MRR in cents from the payment provider's subscriptions (wired by billing when Stripe is
   * configured). Without it, or when it fails, MRR is estimated from the plan prices.
   */
  subscriptionMrr?: () => Promise<{ totalCents: number; byPlanCents: { pro: number; business: number } }>;
}

/** Spec §2/§7 admin API. Every route here sits behind the admin guard: 401 signed out, 403 non-admin. */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  app.addHook('preHandler', requireAdmin);

  r.get('/api/admin/dashboard', { schema: { response: { 200: adminDashboardResponse } } }, async () => ({
    today: await todayCounts(db),
  }));

  r.get('/api/admin/analytics', { schema: { response: { 200: adminAnalyticsResponse } } }, async () => {
    const [last7d, trends, topPages, workspaceCounts] = await Promise.all([funnelLast7Days(db), trendsLast14Days(db), topPagesLast14Days(db), workspaceCountsByPlan(db)]);
    return { conversions: { last7d }, trends, topPages, workspaceCounts };
  });

  r.get('/api/admin/users', { schema: { response: { 200: adminUsersResponse } } }, async (request) => {
    const [totals, newest] = await Promise.all([planTotals(db), recentSignups(db)]);
    const workspacesOf = await workspacesOfUsers(db, newest.map((s) => s.id));
    const signups = newest.map((s) => ({ ...s, workspaces: workspacesOf.get(s.id) ?? [] }));
    let mrr = totals.estimatedMrr;
    let planRevenue = totals.estimatedPlanRevenue;
    let hasStripe = false;
    if (options.subscriptionMrr && app.config.billingEnabled) {
      try {
        const live = await options.subscriptionMrr();
        mrr = live.totalCents;
        planRevenue = [
          { plan: 'free' as const, mrr: 0 },
          { plan: 'pro' as const, mrr: live.byPlanCents.pro },
          { plan: 'business' as const, mrr: live.byPlanCents.business },
        ];
        hasStripe = true;
      } catch (err) {
        request.log.warn({ err }, 'MRR from Stripe unavailable; showing the estimate');
      }
    }
    const { estimatedMrr: _estimate, estimatedPlanRevenue: _planEstimate, ...counts } = totals;
    return { ...counts, mrr, planRevenue, hasStripe, recentSignups: signups };
  });

  r.get('/api/admin/system', { schema: { response: { 200: adminSystemResponse } } }, async (request) =>
    readSystemStatus({ db, config: app.config, jobs: options.jobs, storageDriver: options.storageDriver, log: request.log }),
  );
}
