import type { TFunction } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-request';

/** Server codes of the password and e-mail forms → `account` texts; other codes keep the server's sentence. */
const KEYS: Record<string, string> = {
  invalid_credentials: 'security.wrongPassword',
  wrong_password: 'security.wrongPassword',
  email_taken: 'security.emailTaken',
  rate_limited: 'security.rateLimited',
  same_email: 'security.sameEmail',
};

export function securityErrorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const code = error.body?.code;
    if (code && KEYS[code]) return t(KEYS[code]);
    return `${t('security.failed')} ${error.serverMessage ?? ''}`.trim();
  }
  return t('security.failed');
}
