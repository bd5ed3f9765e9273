/**
 * Subscription schedules (billing reference §1.4): attach to a subscription
 * (`from_subscription`, no other phase params), set phases, release, cancel, retrieve. At a
 * renewal (`advanceBillingPeriod`) the phase starting at the period end takes over the
 * subscription's items; when the last phase ends the schedule releases (end_behavior `release`)
 * or cancels the subscription (`cancel`).
 */
import { periodEndAfter, type RecurringInterval } from './billing-periods.js';
import { stripeErrors } from './errors.js';
import type { WireSchedulePhase, WireSubscription, WireSubscriptionSchedule } from './objects.js';
import { paramPath, type ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';
import { priceOf, PRORATION_BEHAVIORS, subscriptionOf } from './subscription-parts.js';
import { readTaxRates } from './tax-rates.js';

export function scheduleOf(store: FakeStripeStore, id: string): WireSubscriptionSchedule {
  const schedule = store.schedules.get(id);
  if (!schedule) throw stripeErrors.resourceMissing('subscription_schedule', id);
  return schedule;
}

function createSchedule(store: FakeStripeStore, params: ParamReader): WireSubscriptionSchedule {
  params.allowOnly(['from_subscription', 'customer', 'metadata', 'phases', 'end_behavior', 'start_date', 'expand']);
  const from = params.string('from_subscription');
  if (!from) {
    throw stripeErrors.invalidParam('from_subscription', 'fake-stripe only creates schedules from an existing subscription.');
  }
  for (const key of ['phases', 'end_behavior', 'start_date', 'customer']) {
    if (params.has(key)) {
      throw stripeErrors.invalidParam(key, `You cannot set '${key}' if 'from_subscription' is set.`);
    }
  }
  const subscription = subscriptionOf(store, from);
  if (subscription.schedule) {
    throw stripeErrors.invalidRequest(`The subscription ${from} is already attached to a schedule (${subscription.schedule}).`);
  }
  if (subscription.status === 'canceled') throw stripeErrors.invalidRequest('A canceled subscription cannot be attached to a schedule.');
  const item = subscription.items.data[0];
  const schedule: WireSubscriptionSchedule = {
    id: store.newId('sub_sched'),
    object: 'subscription_schedule',
    canceled_at: null,
    completed_at: null,
    created: store.now(),
    current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
    customer: subscription.customer,
    end_behavior: 'release',
    livemode: false,
    metadata: params.metadata(),
    phases: [
      {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: subscription.items.data.map((i) => ({ price: i.price.id, quantity: i.quantity, metadata: {}, tax_rates: [] })),
        proration_behavior: 'create_prorations',
        billing_cycle_anchor: null,
        default_tax_rates: structuredClone(subscription.default_tax_rates),
        metadata: {},
      },
    ],
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: subscription.id,
  };
  store.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  store.emit('subscription_schedule.created', schedule);
  return schedule;
}

function readPhases(store: FakeStripeStore, schedule: WireSubscriptionSchedule, phaseParams: ParamReader[]): WireSchedulePhase[] {
  const phases: WireSchedulePhase[] = [];
  phaseParams.forEach((phase, index) => {
    phase.allowOnly(['items', 'start_date', 'end_date', 'duration', 'proration_behavior', 'billing_cycle_anchor', 'default_tax_rates', 'metadata', 'automatic_tax']);
    const itemParams = phase.objects('items');
    if (!itemParams || itemParams.length === 0) throw stripeErrors.parameterMissing(paramPath('phases', index, 'items'));
    const items = itemParams.map((item, i) => {
      item.allowOnly(['price', 'quantity', 'metadata']);
      const price = priceOf(store, item.requiredString('price'), paramPath('phases', index, 'items', i, 'price'));
      return { price: price.id, quantity: item.integer('quantity') ?? 1, metadata: item.metadata(), tax_rates: [] };
    });
    const previous = phases[index - 1];
    const startText = phase.string('start_date');
    const start = startText === 'now' ? store.now() : startText !== undefined ? phase.integer('start_date')! : previous?.end_date;
    if (start === undefined || start === null) throw stripeErrors.parameterMissing(paramPath('phases', index, 'start_date'));
    if (previous && previous.end_date !== start) {
      throw stripeErrors.invalidParam(paramPath('phases', index, 'start_date'), 'Each phase must start when the previous one ends.');
    }
    let end = phase.integer('end_date') ?? null;
    const duration = phase.object('duration')?.allowOnly(['interval', 'interval_count']);
    if (duration) {
      const interval = duration.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
      if (!interval) throw stripeErrors.parameterMissing(paramPath('phases', index, 'duration', 'interval'));
      end = periodEndAfter(start, start, interval as RecurringInterval, duration.integer('interval_count') ?? 1);
    }
    if (end !== null && end <= start) throw stripeErrors.invalidParam(paramPath('phases', index, 'end_date'), 'The end date must be after the start date.');
    if (end === null && index < phaseParams.length - 1) {
      throw stripeErrors.parameterMissing(paramPath('phases', index, 'end_date'));
    }
    phases.push({
      start_date: start,
      end_date: end,
      items,
      proration_behavior: phase.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations',
      billing_cycle_anchor: phase.oneOf('billing_cycle_anchor', ['phase_start', 'automatic'] as const) ?? null,
      default_tax_rates: readTaxRates(store, phase, 'default_tax_rates') ?? [],
      metadata: phase.metadata(),
    });
  });
  // Past phases may be left out, but the current one must still be there (§1.4).
  const now = store.now();
  const first = phases[0];
  if (first && first.start_date > now && schedule.current_phase && schedule.current_phase.start_date <= now) {
    throw stripeErrors.invalidParam('phases', 'The current phase cannot be removed from the schedule.');
  }
  return phases;
}

function updateSchedule(store: FakeStripeStore, id: string, params: ParamReader): WireSubscriptionSchedule {
  params.allowOnly(['phases', 'end_behavior', 'metadata', 'proration_behavior', 'expand']);
  const schedule = scheduleOf(store, id);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw stripeErrors.invalidRequest(`You cannot update a subscription schedule that is ${schedule.status}.`);
  }
  const phaseParams = params.objects('phases');
  if (phaseParams) schedule.phases = readPhases(store, schedule, phaseParams);
  schedule.end_behavior = params.oneOf('end_behavior', ['release', 'cancel'] as const) ?? schedule.end_behavior;
  schedule.metadata = params.metadata(schedule.metadata);
  store.emit('subscription_schedule.updated', schedule);
  return schedule;
}

function detach(store: FakeStripeStore, schedule: WireSubscriptionSchedule): WireSubscription | null {
  const subscription = schedule.subscription ? store.subscriptions.get(schedule.subscription) ?? null : null;
  if (subscription) subscription.schedule = null;
  return subscription;
}

export function releaseSchedule(store: FakeStripeStore, schedule: WireSubscriptionSchedule): WireSubscriptionSchedule {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw stripeErrors.invalidRequest(`You cannot release a subscription schedule that is currently ${schedule.status}.`);
  }
  const subscription = detach(store, schedule);
  schedule.status = 'released';
  schedule.released_at = store.now();
  schedule.released_subscription = subscription?.id ?? null;
  schedule.subscription = null;
  store.emit('subscription_schedule.released', schedule);
  return schedule;
}

/**
 * Called at a renewal: the schedule's phase that starts at `periodEnd`, if any. When the phase
 * running until `periodEnd` was the last one, the schedule ends by its end_behavior instead
 * (`cancel` is reported as null here: the caller ends the subscription).
 */
export function phaseStartingAt(store: FakeStripeStore, subscription: WireSubscription, periodEnd: number): { phase: WireSchedulePhase | null; cancel: boolean } {
  if (!subscription.schedule) return { phase: null, cancel: false };
  const schedule = scheduleOf(store, subscription.schedule);
  const next = schedule.phases.find((p) => p.start_date === periodEnd);
  if (next) {
    schedule.current_phase = { start_date: next.start_date, end_date: next.end_date ?? periodEnd };
    return { phase: next, cancel: false };
  }
  const last = schedule.phases[schedule.phases.length - 1];
  if (last && last.end_date !== null && last.end_date <= periodEnd) {
    if (schedule.end_behavior === 'cancel') {
      detach(store, schedule);
      schedule.status = 'canceled';
      schedule.canceled_at = periodEnd;
      store.emit('subscription_schedule.canceled', schedule);
      return { phase: null, cancel: true };
    }
    releaseSchedule(store, schedule);
  }
  return { phase: null, cancel: false };
}

export function scheduleRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/subscription_schedules', ({ params }) => createSchedule(store, params)),
    route('GET', '/v1/subscription_schedules/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return scheduleOf(store, path.id);
    }),
    route('POST', '/v1/subscription_schedules/:id', ({ params, path }) => updateSchedule(store, path.id, params)),
    route('POST', '/v1/subscription_schedules/:id/release', ({ params, path }) => {
      params.allowOnly(['preserve_cancel_date', 'expand']);
      return releaseSchedule(store, scheduleOf(store, path.id));
    }),
  ];
}
