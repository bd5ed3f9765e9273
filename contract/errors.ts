import { z } from 'zod';

/** Error codes of the `{message, code}` error body. The web app maps codes to translated texts. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'foreign_origin',
  'not_found',
  'conflict',
  'email_taken',
  'invalid_credentials',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable_image',
  'insufficient_credits',
  'upload_url_invalid',
  'staging_failed',
  'staging_refused',
  'staging_timeout',
  'image_limit_reached',
  'billing_not_configured',
  'billing_error',
  'service_unavailable',
  'internal_error',
  'email_not_verified',
  'email_already_verified',
  'token_invalid',
  'wrong_password',
  'current_password_required',
  'upload_quota_exceeded',
  'structure_changed',
  'no_billing_account',
  'engine_cannot_declutter',
  'plan_change_required',
  'upload_size_mismatch',
  'too_many_streams',
  'too_many_downloads',
  'downloads_busy',
  'nothing_staged',
  'duplicate_result',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every 4xx/5xx the server's error handler sends. */
export const errorBody = z.object({ message: z.string(), code: z.enum(ERROR_CODES) });
export type ErrorBody = z.infer<typeof errorBody>;
