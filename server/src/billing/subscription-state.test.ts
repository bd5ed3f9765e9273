import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { TEST_BILLING_PRICES } from '../../test/fakes/stripe/stripe-test-prices.js';
import { customerIdOf, subscriptionIdOf } from './stripe-event-objects.js';
import { toSubscriptionState } from './subscription-state.js';

/** The fields toSubscriptionState reads, as a webhook body carries them. */
function subscription(
  overrides: Partial<Record<string, unknown>> = {},
  price = 'price_pro_yearly',
  interval = 'year',
) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          current_period_start: 1_800_000_000,
          current_period_end: 1_831_536_000,
          price: { id: price, unit_amount: 31900, recurring: { interval } },
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

describe('toSubscriptionState', () => {
  it('reads plan, cycle and period (from the item) of one of our prices', () => {
    expect(toSubscriptionState(subscription(), TEST_BILLING_PRICES)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      priceId: 'price_pro_yearly',
      planId: 'pro',
      billingCycle: 'yearly',
      currentPeriodStart: new Date(1_800_000_000_000),
      currentPeriodEnd: new Date(1_831_536_000_000),
      cancelAtPeriodEnd: false,
      unitAmountCents: 31900,
      interval: 'year',
      cancellationReason: null,
      scheduleId: null,
      scheduledChange: null,
    });
  });

  it('gives no plan for a foreign price but keeps its cycle for MRR', () => {
    const state = toSubscriptionState(
      subscription({}, 'price_legacy_monthly', 'month'),
      TEST_BILLING_PRICES,
    );
    expect(state).toMatchObject({ planId: null, billingCycle: 'monthly', interval: 'month' });
  });

  it('treats cancel_at at the period end (Dashboard/portal style) as cancel at period end', () => {
    const state = toSubscriptionState(
      subscription({ cancel_at: 1_831_536_000 }),
      TEST_BILLING_PRICES,
    );
    expect(state.cancelAtPeriodEnd).toBe(true);
  });

  it('accepts an expanded customer', () => {
    expect(
      toSubscriptionState(
        subscription({ customer: { id: 'cus_9', object: 'customer' } }),
        TEST_BILLING_PRICES,
      ).customerId,
    ).toBe('cus_9');
  });
});

describe('event object ids', () => {
  it('finds the subscription of a subscription or an invoice (parent.subscription_details)', () => {
    expect(subscriptionIdOf({ id: 'sub_1', object: 'subscription' })).toBe('sub_1');
    expect(
      subscriptionIdOf({
        id: 'in_1',
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_2' } },
      }),
    ).toBe('sub_2');
    expect(subscriptionIdOf({ id: 'in_2', object: 'invoice', parent: null })).toBeNull();
    expect(customerIdOf({ id: 'in_1', object: 'invoice', customer: 'cus_3' })).toBe('cus_3');
    expect(customerIdOf({ id: 'cus_4', object: 'customer' })).toBe('cus_4');
  });
});
