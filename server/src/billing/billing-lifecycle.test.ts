/**
 * Issue #11 against the fake Stripe through stripe-node: cancel at period end and keep my plan,
 * the customer portal, upgrades with the previewed proration, downgrades at the renewal, failed
 * payments (recovered and given up, with the mails through a real SMTP server), replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../../test/support/smtp-inbox.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
let inbox: TestInbox;

beforeAll(async () => {
  inbox = await startTestInbox();
  kit = await startBillingKit({ env: { SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await kit?.close();
  await inbox?.close();
});

/** Billing mails to `email` (sign-up also sends a confirmation mail). */
const billingMails = (email: string) => inbox.to(email).filter((m) => !/confirm/i.test(m.subject ?? ''));

const state = async (cookie: string) => (await kit.get('/api/billing/subscription', cookie)).json();

async function paidUser(plan: 'pro' | 'business', cycle: 'monthly' | 'yearly') {
  const user = await kit.newUser();
  const done = await kit.subscribe(user.cookie, plan, cycle);
  expect(done.statusCode).toBe(200);
  await kit.deliverPendingEvents();
  const subscriptionId = (await kit.account(user.userId)).stripeSubscriptionId!;
  return { ...user, subscriptionId };
}

/** Delivers every pending event twice (Stripe retries): the second round must change nothing. */
async function deliverTwice() {
  const events = await kit.deliverPendingEvents();
  for (const event of events) {
    const replay = await kit.sendEvent(event);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
  }
  return events;
}

describe('cancel at period end (decision 017)', () => {
  it('keeps plan and credits until the period ends, can be taken back, then ends with customer.subscription.deleted', async () => {
    const user = await paidUser('pro', 'monthly');
    await kit.setAccount(user.userId, { creditsUsed: 30 });
    const periodEnd = kit.fake.subscription(user.subscriptionId).items.data[0]!.current_period_end;

    const ended = await kit.post('/api/downgrade-to-free', user.cookie);
    expect(ended.json()).toMatchObject({ subscriptionPlan: 'pro', cancelAtPeriodEnd: true, creditsLimit: 200, creditsUsed: 30 });
    const events = await deliverTwice();
    expect(events.find((e) => e.type === 'customer.subscription.updated')?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'pro', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });

    // Keep my plan.
    const kept = await kit.post('/api/billing/resume', user.cookie);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ success: true, subscriptionPlan: 'pro', cancelAtPeriodEnd: false });
    expect(kit.fake.subscription(user.subscriptionId).cancel_at_period_end).toBe(false);
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ cancelAtPeriodEnd: false });

    // End it again and let the period run out.
    await kit.post('/api/downgrade-to-free', user.cookie);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    const final = await deliverTwice();
    expect(final.map((e) => e.type)).toContain('customer.subscription.deleted');
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'free', creditsLimit: 6, creditsUsed: 30, cancelAtPeriodEnd: false, currentPeriodEnd: null });
    // No renewal was charged.
    expect(kit.fake.subscription(user.subscriptionId).status).toBe('canceled');
    // An ordinary end is not a payment problem: no "payment" mail.
    expect(billingMails(user.email)).toHaveLength(0);
  });

  it('resume without a paid plan is a 409', async () => {
    const user = await kit.newUser();
    const response = await kit.post('/api/billing/resume', user.cookie);
    expect(response.statusCode).toBe(409);
  });
});

describe('customer portal', () => {
  it('answers a Billing Portal session URL for the customer, returning to the app', async () => {
    const user = await paidUser('pro', 'monthly');
    const response = await kit.post('/api/billing/portal', user.cookie);
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url.startsWith(kit.fake.url)).toBe(true);
    const page = await (await fetch(url)).text();
    const customer = (await kit.account(user.userId)).stripeCustomerId!;
    expect(page).toContain(customer);
    expect(page).toContain(`${kit.t.config.publicUrl}/dashboard`);
    const request = kit.fake.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(request?.params).toMatchObject({ customer, return_url: `${kit.t.config.publicUrl}/dashboard` });
  });

  it('409 no_billing_account for a user who never subscribed; 401 signed out', async () => {
    const user = await kit.newUser();
    const response = await kit.post('/api/billing/portal', user.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'no_billing_account' });
    expect((await kit.post('/api/billing/portal', null)).statusCode).toBe(401);
  });
});

describe('plan changes between paid plans', () => {
  it('upgrade pro → business: the preview amount is what is charged now; the new limit at once, used credits kept', async () => {
    const user = await paidUser('pro', 'monthly');
    await kit.setAccount(user.userId, { creditsUsed: 150 });

    const preview = await kit.get('/api/billing/change-preview?plan=business&cycle=monthly', user.cookie);
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ kind: 'upgrade', plan: 'business', billingCycle: 'monthly', currency: 'eur' });
    // Just after subscribing almost the whole month remains: about 99 € − 29 €.
    expect(p.amountDueNowCents).toBeGreaterThan(6900);
    expect(p.amountDueNowCents).toBeLessThanOrEqual(7000);

    const changed = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly', prorationDate: p.prorationDate });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ outcome: 'upgraded', subscriptionPlan: 'business', creditsLimit: 1000, creditsUsed: 150 });
    const invoiceId = kit.fake.subscription(user.subscriptionId).latest_invoice!;
    const invoice = kit.fake.invoice(invoiceId);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: p.amountDueNowCents });
    const update = kit.fake.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${user.subscriptionId}`);
    expect(update?.params).toMatchObject({ proration_behavior: 'always_invoice', proration_date: String(p.prorationDate) });
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000, creditsUsed: 150, scheduledChange: null });
  });

  it('monthly → yearly is an upgrade billed at once (the cycle restarts)', async () => {
    const user = await paidUser('pro', 'monthly');
    const preview = (await kit.get('/api/billing/change-preview?plan=pro&cycle=yearly', user.cookie)).json();
    expect(preview.kind).toBe('upgrade');
    const changed = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'pro', cycle: 'yearly' });
    expect(changed.json()).toMatchObject({ outcome: 'upgraded', subscriptionPlan: 'pro', billingCycle: 'yearly' });
    expect(kit.fake.subscription(user.subscriptionId).items.data[0]!.price.id).toBe('price_pro_yearly');
  });

  it('downgrade business → pro waits for the renewal (a schedule), then pro credits from the new period', async () => {
    const user = await paidUser('business', 'monthly');
    await kit.setAccount(user.userId, { creditsUsed: 500 });
    const periodEnd = kit.fake.subscription(user.subscriptionId).items.data[0]!.current_period_end;

    const preview = (await kit.get('/api/billing/change-preview?plan=pro&cycle=monthly', user.cookie)).json();
    expect(preview).toMatchObject({ kind: 'downgrade', amountDueNowCents: 0, subtotalCents: 2900, effectiveAt: new Date(periodEnd * 1000).toISOString() });

    const changed = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'pro', cycle: 'monthly' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      outcome: 'scheduled',
      subscriptionPlan: 'business',
      creditsLimit: 1000,
      creditsUsed: 500,
      scheduledChange: { plan: 'pro', billingCycle: 'monthly', at: new Date(periodEnd * 1000).toISOString() },
    });
    const subscription = kit.fake.subscription(user.subscriptionId);
    expect(subscription.items.data[0]!.price.id).toBe('price_business_monthly');
    const schedule = kit.fake.subscriptionSchedule(subscription.schedule!);
    expect(schedule.phases.map((phase) => phase.items[0]!.price)).toEqual(['price_business_monthly', 'price_pro_monthly']);
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'business', scheduledChange: { plan: 'pro' } });

    const renewal = kit.fake.advanceBillingPeriod(user.subscriptionId);
    expect(renewal.invoice).toMatchObject({ amount_paid: 2900 });
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'pro', creditsLimit: 200, creditsUsed: 0, scheduledChange: null });
  });

  it('"Keep my plan" drops a scheduled downgrade', async () => {
    const user = await paidUser('business', 'yearly');
    await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' });
    expect((await state(user.cookie)).scheduledChange).toMatchObject({ plan: 'business', billingCycle: 'monthly' });
    const kept = await kit.post('/api/billing/resume', user.cookie);
    expect(kept.json()).toMatchObject({ subscriptionPlan: 'business', billingCycle: 'yearly', scheduledChange: null });
    expect(kit.fake.subscription(user.subscriptionId).schedule).toBeNull();
  });

  it('refuses the current plan (409), a user without a subscription (409) and bad input (400)', async () => {
    const user = await paidUser('pro', 'monthly');
    expect((await kit.post('/api/billing/change-plan', user.cookie, { plan: 'pro', cycle: 'monthly' })).statusCode).toBe(409);
    expect((await kit.get('/api/billing/change-preview?plan=pro&cycle=monthly', user.cookie)).statusCode).toBe(409);
    const free = await kit.newUser();
    expect((await kit.post('/api/billing/change-plan', free.cookie, { plan: 'business', cycle: 'monthly' })).statusCode).toBe(409);
    const bad = await kit.get('/api/billing/change-preview?plan=free&cycle=monthly', user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('a declined upgrade charge changes nothing (402)', async () => {
    const user = await paidUser('pro', 'monthly');
    kit.fake.failNextPayment(user.subscriptionId);
    const response = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' });
    expect(response.statusCode).toBe(402);
    expect(kit.fake.subscription(user.subscriptionId).items.data[0]!.price.id).toBe('price_pro_monthly');
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'pro', creditsLimit: 200 });
  });
});

describe('failed renewal payments', () => {
  it('failed then recovered: past due with credits still usable and one mail; a paid retry starts the new period', async () => {
    const user = await paidUser('pro', 'monthly');
    await kit.setAccount(user.userId, { creditsUsed: 120 });
    kit.fake.failNextPayment(user.subscriptionId);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    const failed = await deliverTwice();
    expect(failed.map((e) => e.type)).toContain('invoice.payment_failed');
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'pro', pastDue: true, creditsLimit: 200, creditsUsed: 120 });
    const mail = await inbox.waitFor(user.email, (m) => /failed/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/Payment for your Pro plan failed/);
    expect(mail.text).toContain(`${kit.t.config.publicUrl}/dashboard`);

    kit.fake.retryLatestInvoice(user.subscriptionId);
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'pro', pastDue: false, subscriptionStatus: 'active', creditsUsed: 0, creditsLimit: 200 });
    expect(billingMails(user.email)).toHaveLength(1);
  });

  it('failed then given up (subscription canceled for payment_failed): free plan and one mail, also on replay', async () => {
    const user = await paidUser('business', 'monthly');
    kit.fake.failNextPayment(user.subscriptionId);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    await deliverTwice();
    await inbox.waitFor(user.email, (m) => /failed/.test(m.subject ?? ''));
    kit.fake.declineCards(true);
    try {
      kit.fake.exhaustPaymentRetries(user.subscriptionId, 'canceled');
    } finally {
      kit.fake.declineCards(false);
    }
    const events = await deliverTwice();
    expect(events.find((e) => e.type === 'invoice.payment_failed')?.data.object).toMatchObject({ next_payment_attempt: null });
    expect(events.map((e) => e.type)).toContain('customer.subscription.deleted');
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'free', pastDue: false, creditsLimit: 6 });
    const mail = await inbox.waitFor(user.email, (m) => /ended/.test(m.subject ?? ''));
    expect(mail.subject).toMatch(/Your Business plan has ended: payment not possible/);
    expect(billingMails(user.email)).toHaveLength(2);
  });

  it('given up as unpaid: free plan as well', async () => {
    const user = await paidUser('pro', 'yearly');
    kit.fake.failNextPayment(user.subscriptionId);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    await deliverTwice();
    kit.fake.exhaustPaymentRetries(user.subscriptionId, 'unpaid');
    await deliverTwice();
    expect(await state(user.cookie)).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'unpaid', pastDue: false, creditsLimit: 6 });
    await inbox.waitFor(user.email, (m) => /ended/.test(m.subject ?? ''));
  });
});
