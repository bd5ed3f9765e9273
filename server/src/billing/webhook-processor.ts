/**
 * Verified Stripe events, each applied once: the event id goes into `stripe_events` in the same
 * transaction as its effect (a replay finds it and does nothing). Handlers never trust the event's
 * copy of the subscription: they re-fetch it, so late or reordered events converge on Stripe's
 * current state (decision 005). Processing is inline: it is one provider read and one short
 * transaction, and a failure answers 500 so Stripe delivers the event again.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { stripeEvents } from '../db/schema/billing.js';
import { users } from '../db/schema/users.js';
import { BillingGatewayError, type BillingGateway, type StripeEventLike } from './billing-gateway.js';
import { lockAccount, lockBilling, patchOf, saveAccount } from './plan-changes.js';
import { subscriptionIdOf } from './stripe-event-objects.js';
import { createCreditPackService, PACK_PAID_EVENTS, PACK_REFUND_EVENT } from './credit-packs.js';
import { loggingBillingNotifier, type BillingMailNotice, type BillingNotifier } from './billing-notifier.js';
import { paidInvoiceOf, paymentGivenUp, syncWithSubscription } from './subscription-sync.js';

/** invoice.paid starts a new credit period; the others follow plan and status (spec issue §3). */
export const HANDLED_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'subscription_schedule.updated',
  'subscription_schedule.released',
] as const;

export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

export function createWebhookProcessor(deps: { db: Database; gateway: BillingGateway; notifier?: BillingNotifier }) {
  const { db, gateway } = deps;
  const notifier = deps.notifier ?? loggingBillingNotifier;
  const packs = createCreditPackService(db);

  async function remember(event: StripeEventLike): Promise<WebhookOutcome> {
    const inserted = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    return inserted.length > 0 ? 'ignored' : 'duplicate';
  }

  return {
    async process(event: StripeEventLike, log: FastifyBaseLogger): Promise<WebhookOutcome> {
      const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
      if (seen) return 'duplicate';
      // Credit packs (decision 061): one-off Checkout payments and their refunds.
      if ((PACK_PAID_EVENTS as readonly string[]).includes(event.type)) return packs.grant(gateway, event, log);
      if (event.type === PACK_REFUND_EVENT) return packs.revoke(event, log);
      if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return remember(event);
      const subscriptionId = subscriptionIdOf(event.data.object);
      if (!subscriptionId) return remember(event);

      let subscription;
      try {
        subscription = await gateway.retrieveSubscription(subscriptionId);
      } catch (error) {
        if (error instanceof BillingGatewayError && error.kind === 'not_found') {
          log.warn({ eventId: event.id, subscriptionId }, 'stripe webhook: subscription no longer exists');
          return remember(event);
        }
        throw error;
      }
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, subscription.customerId)).limit(1);
      if (!owner) return remember(event);

      let notice: { kind: 'paymentFailed' | 'paymentGivenUp'; mail: BillingMailNotice } | null = null;
      const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
        await lockBilling(tx, owner.id);
        const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (inserted.length === 0) return 'duplicate';
        const account = await lockAccount(tx, { userId: owner.id });
        if (!account) return 'ignored';
        const patch = syncWithSubscription(patchOf(account), subscription, {
          paidInvoice: event.type === 'invoice.paid' ? paidInvoiceOf(event.data.object) : null,
        });
        if (!patch) return 'unchanged';
        await saveAccount(tx, account.id, patch);
        // Told once: only the event that moves a paid account to free for a payment Stripe gave up on.
        const mail = { email: account.email, language: account.language ?? 'en', plan: account.subscriptionPlan } as const;
        if (mail.plan !== 'free' && patch.plan === 'free' && paymentGivenUp(subscription)) {
          notice = { kind: 'paymentGivenUp', mail: { ...mail, plan: mail.plan } };
        } else if (mail.plan !== 'free' && account.subscriptionStatus !== 'past_due' && patch.subscriptionStatus === 'past_due') {
          notice = { kind: 'paymentFailed', mail: { ...mail, plan: mail.plan } };
        }
        log.info({ eventId: event.id, type: event.type, userId: account.id, plan: patch.plan, status: patch.subscriptionStatus }, 'stripe webhook applied');
        return 'applied';
      });
      const sent = notice as { kind: 'paymentFailed' | 'paymentGivenUp'; mail: BillingMailNotice } | null;
      if (sent) {
        // After the commit: a mail failure must not make Stripe redeliver (the account already moved).
        await notifier[sent.kind](sent.mail, log).catch((err: unknown) => log.error({ err, userId: owner.id }, `billing: ${sent.kind} mail failed`));
      }
      return outcome;
    },
  };
}

export type WebhookProcessor = ReturnType<typeof createWebhookProcessor>;
