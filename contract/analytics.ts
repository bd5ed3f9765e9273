import { z } from 'zod';

/**
 * Anonymous first-party analytics (issue "Analytics without personal data"): daily counters per
 * event (and page path for pageviews). The browser may send only the first three events; `signup`
 * and `payment` are recorded by the server when they happen, so a client cannot inflate them.
 */
export const ANALYTICS_EVENTS = ['pageview', 'cta_click', 'signup', 'checkout_click', 'payment'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const BROWSER_ANALYTICS_EVENTS = ['pageview', 'cta_click', 'checkout_click'] as const;
export type BrowserAnalyticsEvent = (typeof BROWSER_ANALYTICS_EVENTS)[number];

/** Longest path the server looks at; anything longer is cut before it is normalised. */
export const ANALYTICS_PATH_MAX = 200;

export const analyticsEventRequest = z.object({
  event: z.enum(BROWSER_ANALYTICS_EVENTS, { message: 'Unknown event.' }),
  /** The page path; query strings, ids and unknown pages are normalised away by the server. */
  path: z.string().max(2048).optional(),
});
export type AnalyticsEventRequest = z.infer<typeof analyticsEventRequest>;
