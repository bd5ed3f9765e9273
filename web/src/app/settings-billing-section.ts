import { lazyScreen } from './lazy-screen';

/** Settings → "Plan and billing" (issue #11): the billing feature's section, loaded when its tab opens. */
export const SettingsBillingSection = lazyScreen(() => import('@/features/billing/billing-section'));
