/**
 * The account purge as production wires it (runtime.ts jobDefinitions, billing from the
 * configuration), with stripe-node talking to the Stripe fake: a purged user's subscription is
 * really canceled at the provider, and a user whose cancellation fails is kept.
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';
import { TEST_ORIGIN } from '../../test/support/test-app.js';
import { ACCOUNT_PURGE_JOB } from './purge.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

const log = pino({ level: 'silent' });

/** A subscribed user whose deletion was requested and whose purge date has passed. */
async function subscribedUserDueForPurge() {
  const user = await kit.newUser();
  expect((await kit.subscribe(user.cookie, 'pro', 'monthly')).statusCode).toBe(200);
  const subscriptionId = (await kit.account(user.userId)).stripeSubscriptionId!;
  expect(kit.fake.subscription(subscriptionId).status).toBe('active');
  const requested = await kit.t.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { origin: TEST_ORIGIN, cookie: user.cookie } });
  expect(requested.statusCode).toBe(200);
  await kit.t.database.db.update(users).set({ deletionScheduledFor: sql`now() - interval '1 minute'` }).where(eq(users.id, user.userId));
  return { ...user, subscriptionId };
}

function runWiredPurge() {
  const job = kit.t.jobDefinitions.find((definition) => definition.name === ACCOUNT_PURGE_JOB);
  if (!job) throw new Error(`${ACCOUNT_PURGE_JOB} is not among the wired jobs`);
  return job.handler({}, { jobId: 'test', log, signal: new AbortController().signal, send: async () => null });
}

const userRows = async (userId: string) => (await kit.t.database.db.select().from(users).where(eq(users.id, userId))).length;

describe('account purge as wired in production', () => {
  it('cancels the purged user’s subscription at Stripe before deleting the account', async () => {
    const user = await subscribedUserDueForPurge();
    await expect(runWiredPurge()).resolves.toEqual({ purged: 1, failed: 0, files: 0 });
    expect(kit.fake.subscription(user.subscriptionId).status).toBe('canceled');
    expect(await userRows(user.userId)).toBe(0);
  });

  it('keeps the account (and fails the run for a retry) while Stripe cannot cancel the subscription', async () => {
    const user = await subscribedUserDueForPurge();
    // stripe-node retries twice (billing-module.ts): three failures in a row exhaust it.
    kit.fake.failNextRequests(3, 500);
    await expect(runWiredPurge()).rejects.toThrow('1 account(s) could not be purged');
    expect(kit.fake.subscription(user.subscriptionId).status).toBe('active');
    expect(await userRows(user.userId)).toBe(1);

    await expect(runWiredPurge()).resolves.toEqual({ purged: 1, failed: 0, files: 0 });
    expect(kit.fake.subscription(user.subscriptionId).status).toBe('canceled');
    expect(await userRows(user.userId)).toBe(0);
  });
});
