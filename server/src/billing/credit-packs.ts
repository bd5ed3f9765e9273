/**
 * Credit packs (issue 38 item 6, decision 061). Buying: a Stripe Checkout Session in `payment`
 * mode for the pack's one-time price (VAT and a paid invoice like the subscriptions), made for the
 * acting workspace's billing account (the pool: a Business team's pack goes to the shared pool).
 * Granting: only on the verified webhook, from the session as Stripe has it now (`payment_status`
 * `paid`), inside one transaction that records the event id and inserts the pack row unique on the
 * session id, so a duplicate delivery, two concurrent deliveries, or `completed` followed by
 * `async_payment_succeeded` grant once. Refunds (`charge.refunded`) remove the refunded share of the
 * pack's credits, as far as they are unused: packs are used oldest first, so a pack's unused credits
 * are the pool's pack balance beyond what the newer packs still hold.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CREDIT_PACK_LIST, CREDIT_PACKS, isCreditPackId, type CreditPackId, type CreditPacksResponse } from '../../../contract/credit-packs.js';
import type { Database } from '../db/client.js';
import { creditPacks, stripeEvents } from '../db/schema/billing.js';
import { users, type UserRow } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import { provider } from './billing-errors.js';
import { BillingGatewayError, type BillingGateway, type StripeEventLike } from './billing-gateway.js';
import type { Checkout } from './checkout-service.js';
import { lockBilling } from './plan-changes.js';
import { ensureStripeCustomer } from './stripe-customer.js';

/** Checkout Session events that may carry a paid pack. */
export const PACK_PAID_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'] as const;
export const PACK_REFUND_EVENT = 'charge.refunded';

const PACK_KIND = 'credit_pack';

export type PackWebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unchanged';

export function createCreditPackService(db: Database) {
  async function remember(event: StripeEventLike): Promise<PackWebhookOutcome> {
    const inserted = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    return inserted.length > 0 ? 'ignored' : 'duplicate';
  }

  return {
    /** GET /api/billing/credit-packs: the pool's pack credits, the packs on sale, the purchases. */
    async overview(checkout: Checkout | null, account: UserRow): Promise<CreditPacksResponse> {
      const rows = await db.select().from(creditPacks).where(eq(creditPacks.userId, account.id)).orderBy(desc(creditPacks.createdAt)).limit(50);
      const prices = checkout?.packPrices ?? {};
      return {
        packCredits: account.packCredits,
        available: CREDIT_PACK_LIST.filter((pack) => prices[pack.id]).map(({ id, credits, price }) => ({ id, credits, price })),
        purchases: rows.map((row) => ({
          id: row.id,
          packId: row.packId,
          credits: row.credits,
          creditsRevoked: row.creditsRevoked,
          amountCents: row.amountCents,
          currency: row.currency,
          refunded: row.refundedCents > 0,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** POST /api/billing/credit-packs/checkout: the hosted Checkout page for `packId`, for the pool `account`. */
    async startCheckout(
      checkout: Checkout,
      log: FastifyBaseLogger,
      input: { account: UserRow; buyerId: string; packId: CreditPackId; publicUrl: string; locale: 'de' | 'en'; attempt: string },
    ): Promise<{ url: string; sessionId: string }> {
      const priceId = checkout.packPrices?.[input.packId];
      if (!priceId) throw AppError.badRequest('This credit pack is not on sale.', 'validation_failed');
      const customerId = await ensureStripeCustomer(db, checkout.gateway, log, input.account);
      const session = await provider(log, () =>
        checkout.gateway.createOneOffCheckout({
          customerId,
          priceId,
          successUrl: `${input.publicUrl}/dashboard?pack=bought`,
          cancelUrl: `${input.publicUrl}/dashboard?pack=cancelled`,
          locale: input.locale,
          metadata: { kind: PACK_KIND, packId: input.packId, poolUserId: input.account.id, buyerId: input.buyerId },
          idempotencyKey: `raumwerk-pack-${input.account.id}-${input.packId}-${input.attempt}`,
        }),
      );
      return { url: session.url, sessionId: session.id };
    },

    /** A `checkout.session.*` event: grants the pack once if the session is a paid pack of ours. */
    async grant(gateway: BillingGateway, event: StripeEventLike, log: FastifyBaseLogger): Promise<PackWebhookOutcome> {
      const sessionId = typeof event.data.object.id === 'string' ? event.data.object.id : null;
      if (!sessionId) return remember(event);
      let session;
      try {
        session = await gateway.retrieveCheckoutSession(sessionId);
      } catch (error) {
        if (error instanceof BillingGatewayError && error.kind === 'not_found') return remember(event);
        throw error;
      }
      const { kind, packId, poolUserId, buyerId } = session.metadata;
      if (session.mode !== 'payment' || kind !== PACK_KIND) return remember(event);
      // Not paid (yet): a delayed method sends `async_payment_succeeded` later; a refused one never grants.
      if (session.paymentStatus !== 'paid' || !isCreditPackId(packId) || !poolUserId) return remember(event);
      const [pool] = await db.select({ id: users.id, customerId: users.stripeCustomerId }).from(users).where(eq(users.id, poolUserId)).limit(1);
      if (!pool || (session.customerId && pool.customerId && session.customerId !== pool.customerId)) {
        log.warn({ eventId: event.id, sessionId, poolUserId }, 'credit pack: the session does not belong to a known account');
        return remember(event);
      }
      const credits = CREDIT_PACKS[packId].credits;
      return db.transaction(async (tx) => {
        await lockBilling(tx, pool.id);
        const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (fresh.length === 0) return 'duplicate';
        const [pack] = await tx
          .insert(creditPacks)
          .values({
            userId: pool.id,
            boughtBy: buyerId && buyerId !== pool.id ? ((await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId)).limit(1))[0]?.id ?? null) : pool.id,
            packId,
            credits,
            checkoutSessionId: session.id,
            paymentIntentId: session.paymentIntentId,
            invoiceId: session.invoiceId,
            amountCents: session.amountTotalCents,
            taxCents: session.amountTaxCents,
            currency: session.currency,
          })
          .onConflictDoNothing({ target: creditPacks.checkoutSessionId })
          .returning({ id: creditPacks.id });
        if (!pack) return 'duplicate';
        await tx.update(users).set({ packCredits: sql`${users.packCredits} + ${credits}`, updatedAt: new Date() }).where(eq(users.id, pool.id));
        log.info({ eventId: event.id, sessionId, poolUserId: pool.id, packId, credits }, 'credit pack granted');
        return 'applied';
      });
    },

    /** `charge.refunded`: the refunded share of a pack's credits leaves the pool, as far as it is unused. */
    async revoke(event: StripeEventLike, log: FastifyBaseLogger): Promise<PackWebhookOutcome> {
      const charge = event.data.object as { payment_intent?: unknown; amount?: unknown; amount_refunded?: unknown };
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
      const amount = Number(charge.amount);
      const refunded = Number(charge.amount_refunded);
      if (!intentId || !(amount > 0) || !(refunded >= 0)) return remember(event);
      const [found] = await db.select({ id: creditPacks.id, userId: creditPacks.userId }).from(creditPacks).where(eq(creditPacks.paymentIntentId, intentId)).limit(1);
      if (!found) return remember(event);
      return db.transaction(async (tx) => {
        await lockBilling(tx, found.userId);
        const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (fresh.length === 0) return 'duplicate';
        const [pack] = await tx.select().from(creditPacks).where(eq(creditPacks.id, found.id)).for('update');
        if (!pack || refunded <= pack.refundedCents) return 'unchanged';
        const share = (cents: number) => Math.round((pack.credits * Math.min(cents, amount)) / amount);
        const due = share(refunded) - share(pack.refundedCents);
        const [balance] = await tx.select({ pack: users.packCredits }).from(users).where(eq(users.id, pack.userId)).for('update');
        const [newer] = await tx
          .select({ held: sql<number>`coalesce(sum(${creditPacks.credits} - ${creditPacks.creditsRevoked}), 0)::int` })
          .from(creditPacks)
          .where(and(eq(creditPacks.userId, pack.userId), sql`(${creditPacks.createdAt}, ${creditPacks.id}) > (SELECT p.created_at, p.id FROM credit_packs p WHERE p.id = ${pack.id})`));
        const unused = Math.min(pack.credits - pack.creditsRevoked, Math.max(0, (balance?.pack ?? 0) - (newer?.held ?? 0)));
        const removed = Math.max(0, Math.min(due, unused));
        await tx.update(creditPacks).set({ refundedCents: refunded, creditsRevoked: pack.creditsRevoked + removed }).where(eq(creditPacks.id, pack.id));
        if (removed > 0) await tx.update(users).set({ packCredits: sql`greatest(${users.packCredits} - ${removed}, 0)`, updatedAt: new Date() }).where(eq(users.id, pack.userId));
        log.info({ eventId: event.id, packId: pack.packId, poolUserId: pack.userId, refundedCents: refunded, removed }, 'credit pack refunded');
        return 'applied';
      });
    },
  };
}

export type CreditPackService = ReturnType<typeof createCreditPackService>;
