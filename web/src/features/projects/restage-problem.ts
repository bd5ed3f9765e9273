import type { TFunction } from '@/i18n/i18n';

/** What a failed Re-Stage tells the user (issue #12): the reason by error code, and whether credits are the problem. */
export interface RestageProblem {
  title: string;
  description: string;
  /** No credits left: offer the Upgrade button, as the new-project screen does. */
  upgrade: boolean;
}

/** Codes with their own sentence; anything else gets the spec's 'Re-Staging Failed'. */
const EXPLAINED = [
  'structure_changed',
  'nothing_staged',
  'duplicate_result',
  'staging_refused',
  'staging_timeout',
  'staging_failed',
  'conflict',
  'not_found',
  'rate_limited',
  'service_unavailable',
  'email_not_verified',
] as const;

/** `resetDate`: when the monthly credits renew (formatted), said with "no credits left". */
export function restageProblem(t: TFunction, code: string | undefined, resetDate = ''): RestageProblem {
  if (code === 'insufficient_credits') {
    const text = t('detail.restageErrors.insufficient_credits.text');
    return {
      title: t('detail.restageErrors.insufficient_credits.title'),
      description: resetDate ? `${text} ${t('detail.restageErrors.insufficient_credits.reset', { date: resetDate })}` : text,
      upgrade: true,
    };
  }
  if (code && (EXPLAINED as readonly string[]).includes(code)) {
    return { title: t(`detail.restageErrors.${code}.title`), description: t(`detail.restageErrors.${code}.text`), upgrade: false };
  }
  return { title: t('detail.restageFailed'), description: t('detail.restageFailedText'), upgrade: false };
}
