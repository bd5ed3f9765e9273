import type { ErrorCode } from '@contract/errors';
import type { TFunction } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-request';

/** Server codes of the password and e-mail forms → `account` texts; other codes get the app's shared text. */
const KEYS: Partial<Record<ErrorCode, string>> = {
  wrong_password: 'security.wrongPassword',
  current_password_required: 'security.currentRequired',
  email_taken: 'security.emailTaken',
  rate_limited: 'security.rateLimited',
};

/** `shared`: the app's code → text map (useServerErrorText) for the other codes. */
export function securityErrorText(error: unknown, t: TFunction, shared: (error: unknown) => string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const code = error.body?.code;
    if (code && KEYS[code]) return t(KEYS[code]);
    return `${t('security.failed')} ${shared(error)}`;
  }
  return t('security.failed');
}
