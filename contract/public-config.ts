import { z } from 'zod';

/**
 * The operator of the service as shown in the legal notice and privacy policy (decision 028): from
 * COMPANY_* settings. Outside production a missing value is a marked placeholder (`placeholder`);
 * in production it is null and the page leaves the line out (the server warned at start).
 */
export const operatorDetails = z.object({
  name: z.string().nullable(),
  /** Lines separated by commas, e.g. "Musterstraße 1, 10115 Berlin, Germany". */
  address: z.string().nullable(),
  representative: z.string().nullable(),
  register: z.string().nullable(),
  vatId: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  privacyEmail: z.string().nullable(),
  salesEmail: z.string().nullable(),
  /** Some value is a development placeholder. */
  placeholder: z.boolean(),
});
export type OperatorDetails = z.infer<typeof operatorDetails>;

/** The browser-visible subset of the server configuration (GET /api/config). */
export const publicConfigResponse = z.object({
  oidcEnabled: z.boolean(),
  billingEnabled: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  /** The engine new images are staged with (`offline` is the built-in preview engine). */
  stagingEngine: z.string(),
  /** The server's engine can empty a furnished room (decision 027); the offline preview engine cannot. */
  furnitureRemoval: z.boolean(),
  stagingConcurrency: z.number().int(),
  /** Images are deleted this many days after their project completed; 0 keeps them. */
  retentionDays: z.number().int(),
  logRetentionDays: z.number().int(),
  operator: operatorDetails,
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
