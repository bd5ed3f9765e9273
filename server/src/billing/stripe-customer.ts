import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';
import type { BillingGateway } from './billing-gateway.js';
import { provider } from './billing-errors.js';

/** The user's Stripe customer (created once, then reused), its id kept on the user row. */
export async function ensureStripeCustomer(db: Database, gateway: BillingGateway, log: FastifyBaseLogger, user: UserRow): Promise<string> {
  const customerId = await provider(log, () =>
    gateway.ensureCustomer({
      id: user.id,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
      stripeCustomerId: user.stripeCustomerId,
    }),
  );
  if (customerId !== user.stripeCustomerId) {
    await db.update(users).set({ stripeCustomerId: customerId, updatedAt: new Date() }).where(eq(users.id, user.id));
  }
  return customerId;
}
