import type { ErrorCode } from '../../../../contract/errors.js';
import { EngineError, engineMessages } from '../engines/engine.js';
import { ProviderBudgetReached } from '../models/model-router.js';

/** A queued run whose provider's spending limit was used up meanwhile (issue 38). */
const BUDGET_REACHED_RUN_MESSAGE = 'Staging is paused for now: the spending limit for our AI provider has been reached. Please try again later.';

/** How a run that delivered nothing is answered: its message (the web app translates the code) and HTTP status. */
const REFUNDED = 'Your credit has been refunded.';
/** The lock refused the result twice. */
export const STRUCTURE_CHANGED_MESSAGE = `The AI changed the room itself (walls, windows or perspective), so the result was not delivered. ${REFUNDED}`;
/** The result, twice, did not add (or remove) enough to show what was asked (visible-change.ts). */
export const NOTHING_STAGED_MESSAGE = `The AI returned the room almost unchanged (too little furniture added or removed), so the result was not delivered. ${REFUNDED}`;
/** Every result looked the same as one the photo already has (variation-distance.ts). */
export const DUPLICATE_RESULT_MESSAGE = `The new result looked the same as one you already have, so it was not delivered. ${REFUNDED}`;
export const ORIGINAL_GONE_MESSAGE = `The original image no longer exists. ${REFUNDED}`;

/** HTTP status of a refunded run's error code, as process-image answers it. */
export function statusOfRunError(code: string | null): number {
  switch (code) {
    case 'staging_refused':
    case 'structure_changed':
    case 'nothing_staged':
    case 'duplicate_result':
      return 422;
    case 'staging_timeout':
      return 504;
    case 'provider_budget_reached':
      return 503;
    case 'not_found':
      return 404;
    default:
      return 502;
  }
}

/** The refund's message and code for what the engine (or anything else) threw. */
export function describeFailure(err: unknown): { message: string; code: ErrorCode } {
  if (err instanceof ProviderBudgetReached) return { message: `${BUDGET_REACHED_RUN_MESSAGE} ${REFUNDED}`, code: 'provider_budget_reached' };
  if (err instanceof EngineError) {
    const code: ErrorCode =
      err.message === engineMessages.contentPolicy ? 'staging_refused' : err.message === engineMessages.timeout ? 'staging_timeout' : 'staging_failed';
    return { message: `${err.message} ${REFUNDED}`, code };
  }
  return { message: `An error occurred during the staging process. Please try again. ${REFUNDED}`, code: 'staging_failed' };
}
