import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText as useSharedErrorText } from '@/i18n/server-error-text';
import { ApiError } from '@/lib/api-request';

/** Error codes of the account endpoints → texts (`common` keys for the older ones, `auth` for the new). */
const COMMON_KEYS: Record<string, string> = {
  invalid_credentials: 'auth.invalidCredentials',
  email_taken: 'auth.emailTaken',
  rate_limited: 'auth.rateLimited',
};
const AUTH_KEYS: Record<string, string> = {
  token_invalid: 'errors.invalidToken',
  email_not_verified: 'errors.emailNotVerified',
  email_already_verified: 'errors.alreadyVerified',
};

/** The translated text for a failed account request (the shared code → text map for other codes). */
export function useServerErrorText(error: unknown): string | null {
  const { t: tc } = useTranslation();
  const { t } = useTranslation('auth');
  const shared = useSharedErrorText();
  if (!error) return null;
  if (error instanceof ApiError) {
    const code = error.body?.code;
    if (code && COMMON_KEYS[code]) return tc(COMMON_KEYS[code]);
    if (code && AUTH_KEYS[code]) return t(AUTH_KEYS[code]);
    return shared(error);
  }
  return tc('common.unexpectedError');
}

/** A link token the server refused (`token_invalid`: unknown, expired or used; or malformed): the page offers a new link. */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}
