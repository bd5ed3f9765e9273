import { z } from 'zod';
import { multiLineText, singleLineText } from './text.js';

/** The business plan's "Contact sales" form (issue #11): POST /api/sales-inquiries. */
export const SALES_LIMITS = { name: 120, company: 160, message: 4000, maxSeats: 100000 } as const;

export const salesInquiryRequest = z.object({
  // Stored in PostgreSQL and mailed: no NUL or control characters (contract/text.ts).
  name: singleLineText(SALES_LIMITS.name).min(1, { message: 'Please enter your name.' }),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'Please enter a valid e-mail address.' })),
  company: singleLineText(SALES_LIMITS.company).min(1, { message: 'Please enter your company.' }),
  seats: z.number().int().min(1).max(SALES_LIMITS.maxSeats).nullish(),
  message: multiLineText(SALES_LIMITS.message).min(10, { message: 'Please tell us a little more (at least 10 characters).' }),
  locale: z.enum(['de', 'en']).default('en'),
  /** Honeypot: hidden from people; a bot that fills it gets a normal-looking answer and nothing is stored. */
  website: z.string().max(500).optional(),
});
export type SalesInquiryRequest = z.input<typeof salesInquiryRequest>;

export const salesInquiryResponse = z.object({ success: z.literal(true) });

export const salesInquiry = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  seats: z.number().int().nullable(),
  message: z.string(),
  locale: z.enum(['de', 'en']),
  mailed: z.boolean(),
  createdAt: z.string(),
});
export type SalesInquiry = z.infer<typeof salesInquiry>;

/** GET /api/admin/sales-inquiries: newest first. */
export const adminSalesInquiriesResponse = z.object({ inquiries: z.array(salesInquiry) });
export type AdminSalesInquiriesResponse = z.infer<typeof adminSalesInquiriesResponse>;
