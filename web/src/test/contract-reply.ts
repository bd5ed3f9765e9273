import { z } from 'zod';
import { errorBody, type ErrorCode } from '@contract/errors';
import { processImageFailed, processImageSucceeded, type ProcessImageResponse } from '@contract/projects';
import { jsonResponse } from './fetch-mock';

/**
 * A mocked reply the server could really send: `body` is checked against the operation's schema in
 * `contract/` (what the server validates and serialises with), so a hand-written reply the server
 * never sends fails the test that makes it instead of testing the app against a fiction.
 */
export function contractReply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`mocked ${status} reply does not match the contract:\n${z.prettifyError(parsed.error)}`);
  return jsonResponse(body, status);
}

/** A `{message, code}` error as the server's error handler sends it (4xx/5xx only). */
export function errorReply(status: number, code: ErrorCode, message: string): Response {
  if (status < 400) throw new Error(`an error reply has a 4xx/5xx status, not ${status}`);
  return contractReply(errorBody, { message, code }, status);
}

/**
 * POST /api/process-image as server/src/staging/routes.ts answers it: 200 with `success: true`,
 * or `success: false` with the error's 4xx/5xx status, never a 200 with `success: false`.
 */
export function processImageReply(body: ProcessImageResponse, status = body.success ? 200 : 0): Response {
  if (body.success) {
    if (status !== 200) throw new Error(`process-image answers success:true with 200, not ${status}`);
    return contractReply(processImageSucceeded, body, status);
  }
  if (status < 400) throw new Error(`process-image answers success:false only with a 4xx/5xx status, not ${status || 'none'}`);
  return contractReply(processImageFailed, body, status);
}
