import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from './billing-gateway.js';
import type { AccountPatch } from './plan-changes.js';
import { paidInvoiceOf, syncWithSubscription } from './subscription-sync.js';

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const unix = (d: string) => day(d).getTime() / 1000;

function sub(overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    priceId: 'price_pro_monthly',
    planId: 'pro',
    billingCycle: 'monthly',
    currentPeriodStart: day('2026-03-01'),
    currentPeriodEnd: day('2026-04-01'),
    cancelAtPeriodEnd: false,
    unitAmountCents: 2900,
    interval: 'month',
    cancellationReason: null,
    scheduleId: null,
    scheduledChange: null,
    ...overrides,
  };
}

const proAccount: AccountPatch = {
  plan: 'pro',
  billingCycle: 'monthly',
  subscriptionStatus: 'active',
  stripeSubscriptionId: 'sub_1',
  credits: { used: 120, limit: 200, periodStart: day('2026-02-01') },
};
const renewalInvoice = paidInvoiceOf({ lines: { data: [{ period: { start: unix('2026-03-01'), end: unix('2026-04-01') } }] } });

describe('syncWithSubscription', () => {
  it('a paid invoice for the current, newer period starts a new credit period', () => {
    expect(syncWithSubscription(proAccount, sub(), { paidInvoice: renewalInvoice })?.credits).toEqual({ used: 0, limit: 200, periodStart: day('2026-03-01') });
  });

  it('no reset without a paid invoice, for an invoice of another period, or while past due', () => {
    expect(syncWithSubscription(proAccount, sub())?.credits.used).toBe(120);
    const oldInvoice = paidInvoiceOf({ lines: { data: [{ period: { start: unix('2026-02-01'), end: unix('2026-03-01') } }] } });
    expect(syncWithSubscription(proAccount, sub(), { paidInvoice: oldInvoice })?.credits.used).toBe(120);
    expect(syncWithSubscription(proAccount, sub({ status: 'past_due' }), { paidInvoice: renewalInvoice })).toMatchObject({ subscriptionStatus: 'past_due', credits: { used: 120 } });
  });

  it('a replayed renewal does not reset twice (the period already began)', () => {
    const renewed = syncWithSubscription(proAccount, sub(), { paidInvoice: renewalInvoice })!;
    const spent = { ...renewed, credits: { ...renewed.credits, used: 30 } };
    expect(syncWithSubscription(spent, sub(), { paidInvoice: renewalInvoice })?.credits.used).toBe(30);
  });

  it('follows an upgrade with the higher limit, and a downgrade Stripe already applied with the lower plan’s limit (decision 031)', () => {
    const business = syncWithSubscription({ ...proAccount, plan: 'business', credits: { ...proAccount.credits, limit: 1000 } }, sub());
    expect(business).toMatchObject({ plan: 'pro', credits: { used: 120, limit: 200 } });
    expect(syncWithSubscription(proAccount, sub({ planId: 'business', priceId: 'price_business_monthly' }))).toMatchObject({ plan: 'business', credits: { used: 120, limit: 1000 } });
  });

  it('a renewal onto a scheduled downgrade: the lower limit at once, the new period once its invoice is paid', () => {
    const business: AccountPatch = { ...proAccount, plan: 'business', credits: { used: 900, limit: 1000, periodStart: day('2026-02-01') } };
    expect(syncWithSubscription(business, sub())).toMatchObject({ plan: 'pro', credits: { used: 900, limit: 200, periodStart: day('2026-02-01') } });
    expect(syncWithSubscription(business, sub(), { paidInvoice: renewalInvoice })).toMatchObject({ plan: 'pro', credits: { used: 0, limit: 200, periodStart: day('2026-03-01') } });
  });

  it('an ended subscription puts the account on free; an old one is ignored', () => {
    expect(syncWithSubscription(proAccount, sub({ status: 'canceled' }))).toMatchObject({ plan: 'free', stripeSubscriptionId: null, credits: { used: 120, limit: 6 } });
    expect(syncWithSubscription(proAccount, sub({ id: 'sub_old', status: 'canceled' }))).toBeNull();
    expect(syncWithSubscription(proAccount, sub({ id: 'sub_other' }))).toBeNull();
  });

  it('adopts a billable subscription of ours when the account has none (a checkout that never finished)', () => {
    const free: AccountPatch = { plan: 'free', billingCycle: null, subscriptionStatus: null, stripeSubscriptionId: null, credits: { used: 2, limit: 6, periodStart: day('2026-02-20') } };
    expect(syncWithSubscription(free, sub())).toMatchObject({ plan: 'pro', stripeSubscriptionId: 'sub_1', credits: { used: 0, limit: 200, periodStart: day('2026-03-01') } });
    expect(syncWithSubscription(free, sub({ planId: null, priceId: 'price_legacy' }))).toBeNull();
    expect(syncWithSubscription(free, sub({ status: 'canceled' }))).toBeNull();
  });
});
