import { z } from 'zod';
import { ANALYTICS_EVENTS } from './analytics.js';
import { providerSpend } from './economics.js';
import { PLAN_IDS } from './plans.js';
import { workspaceRole } from './workspaces.js';

/** Spec §3 "Admin dashboard response": today's counts (UTC day). */
export const adminDashboardResponse = z.object({
  today: z.object({
    pageviews: z.number().int(),
    ctaClicks: z.number().int(),
    signups: z.number().int(),
    checkoutClicks: z.number().int(),
    payments: z.number().int(),
  }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

export const FUNNEL_DAYS = 7;
export const TREND_DAYS = 14;
/** Spec §9: the funnel shows an up-trend when landing→CTA exceeds 5 % and CTA→signup exceeds 10 %. */
export const LP_TO_CTA_TREND_THRESHOLD = 5;
export const CTA_TO_SIGNUP_TREND_THRESHOLD = 10;

export const adminAnalyticsResponse = z.object({
  conversions: z.object({
    last7d: z.object({
      /** Pageviews of the landing page ('/'). */
      landingPageviews: z.number().int(),
      ctaClicks: z.number().int(),
      signups: z.number().int(),
      /** Percent, one decimal: CTA clicks / landing pageviews. */
      lpToCtaRate: z.number(),
      /** Percent, one decimal: signups / CTA clicks. */
      ctaToSignupRate: z.number(),
    }),
  }),
  /** One row per day (yyyy-MM-dd, UTC) and event for the last 14 days, days without events as 0. */
  trends: z.array(
    z.object({ date: z.string(), event: z.enum(ANALYTICS_EVENTS), count: z.number().int() }),
  ),
  /** Most viewed pages of the last 14 days (normalised paths). */
  topPages: z.array(z.object({ path: z.string(), count: z.number().int() })),
  /**
   * Workspaces by their plan (the billing account's), every plan listed: all of them, and those a
   * team works in (more than one member). Decision 046.
   */
  workspaceCounts: z.array(z.object({ plan: z.enum(PLAN_IDS), workspaces: z.number().int(), teams: z.number().int() })),
});
export type AdminAnalyticsResponse = z.infer<typeof adminAnalyticsResponse>;

/** A workspace a listed user is in, with its plan and seats (decision 046). */
export const adminUserWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRole,
  plan: z.enum(PLAN_IDS),
  /** The user's own workspace (they are its billing account). */
  personal: z.boolean(),
  /** Members plus open invitations, as Settings → Team counts them. */
  seatsUsed: z.number().int(),
  seats: z.number().int(),
});
export type AdminUserWorkspace = z.infer<typeof adminUserWorkspace>;

export const recentSignup = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  subscriptionPlan: z.enum(PLAN_IDS),
  createdAt: z.string(),
  /** Their own workspace first, then the teams they joined, by name. */
  workspaces: z.array(adminUserWorkspace),
});
export type RecentSignup = z.infer<typeof recentSignup>;

export const adminUsersResponse = z.object({
  /** Every plan, also those without users. */
  userCounts: z.array(z.object({ plan: z.enum(PLAN_IDS), count: z.number().int() })),
  totalUsers: z.number().int(),
  /** Users on a non-free plan. */
  paidUsers: z.number().int(),
  /** Percent of users on a paid plan, one decimal. */
  conversionRate: z.number(),
  /** Monthly recurring revenue in cents: from Stripe when connected, else estimated (yearly / 12). */
  mrr: z.number().int(),
  /** MRR per plan in cents (same source as `mrr`), every plan listed; free is always 0. */
  planRevenue: z.array(z.object({ plan: z.enum(PLAN_IDS), mrr: z.number().int() })),
  hasStripe: z.boolean(),
  recentSignups: z.array(recentSignup),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const adminSystemResponse = z.object({
  database: z.object({
    status: z.enum(['ok', 'unreachable']),
    latencyMs: z.number().int().nullable(),
  }),
  jobQueue: z.object({
    status: z.enum(['ok', 'unavailable']),
    /** Jobs waiting (ready or deferred) across every queue. */
    queued: z.number().int(),
    active: z.number().int(),
    /** Failed jobs still retained by pg-boss (a rolling count of recent failures). */
    failed: z.number().int(),
  }),
  /**
   * Mails the outbox gave up on after every retry (decision 033): how many pg-boss still keeps, and
   * the latest few with the recipient's domain and the error, never the address, body or link.
   * Null when the job queue cannot be read.
   */
  mail: z
    .object({
      failed: z.number().int(),
      latest: z.array(
        z.object({
          failedAt: z.string(),
          template: z.string(),
          recipientDomain: z.string(),
          error: z.string(),
        }),
      ),
    })
    .nullable(),
  stagingEngine: z.string(),
  /** Each provider's spending against its daily and monthly limit (issue 38); null when unreadable. */
  providerSpending: z.array(providerSpend).nullable(),
  storageDriver: z.enum(['local', 's3']),
  billingConfigured: z.boolean(),
  checkedAt: z.string(),
});
export type AdminSystemResponse = z.infer<typeof adminSystemResponse>;
