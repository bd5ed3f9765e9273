/**
 * The business plan's "Contact sales" form (issue #11): POST /api/sales-inquiries stores the
 * request in PostgreSQL and mails it to SALES_EMAIL; admins list them at GET
 * /api/admin/sales-inquiries. Signed-out visitors may send (the landing page's pricing links here).
 * A filled honeypot field gets the same 201 and nothing is stored or mailed; each IP may send 5
 * per hour.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSalesInquiriesResponse, salesInquiryRequest, salesInquiryResponse, type SalesInquiry } from '../../../contract/sales.js';
import { loadSessionUser, requireAdmin } from '../auth/guards.js';
import type { BillingNotifier } from '../billing/billing-notifier.js';
import { salesInquiries, type SalesInquiryRow } from '../db/schema/sales.js';
import { AppError } from '../errors/app-error.js';
import { hitRateLimit } from '../security/rate-limiter.js';

export const SALES_INQUIRIES_PER_HOUR = 5;

export interface SalesRoutesOptions {
  notifier: BillingNotifier;
}

function toInquiry(row: SalesInquiryRow): SalesInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    seats: row.seats,
    message: row.message,
    locale: row.locale,
    mailed: row.mailedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function salesRoutes(app: FastifyInstance, options: SalesRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post('/api/sales-inquiries', { schema: { body: salesInquiryRequest, response: { 201: salesInquiryResponse } } }, async (request, reply) => {
    const limit = await hitRateLimit(db, `sales:ip:${request.ip}`, SALES_INQUIRIES_PER_HOUR, 3600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
    const { website, ...inquiry } = request.body;
    if (website && website.trim() !== '') {
      request.log.info({ ip: request.ip }, 'sales inquiry: honeypot filled, dropped');
      return reply.code(201).send({ success: true as const });
    }
    const user = await loadSessionUser(request, reply);
    const [row] = await db
      .insert(salesInquiries)
      .values({ ...inquiry, seats: inquiry.seats ?? null, userId: user?.id ?? null })
      .returning();
    if (!row) throw new Error('sales inquiry was not stored');
    const mailed = await options.notifier.salesInquiry(toInquiry(row), request.log).catch((err: unknown) => {
      request.log.error({ err, inquiryId: row.id }, 'sales inquiry: mail to SALES_EMAIL failed (stored; listed for admins)');
      return false;
    });
    if (mailed) await db.update(salesInquiries).set({ mailedAt: new Date() }).where(eq(salesInquiries.id, row.id));
    request.log.info({ inquiryId: row.id, mailed }, 'sales inquiry received');
    return reply.code(201).send({ success: true as const });
  });

  r.get('/api/admin/sales-inquiries', { preHandler: requireAdmin, schema: { response: { 200: adminSalesInquiriesResponse } } }, async () => {
    const rows = await db.select().from(salesInquiries).orderBy(desc(salesInquiries.createdAt)).limit(200);
    return { inquiries: rows.map(toInquiry) };
  });
}
