import { useTranslation } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-request';
import { useResendVerificationEmail } from './api/email-verification';

/** Sends a new confirmation mail; `feedback` says what happened (sent, too many requests, failed). */
export function useResendVerification(email: string) {
  const { t } = useTranslation('auth');
  const resend = useResendVerificationEmail();
  let feedback: { tone: 'success' | 'problem'; text: string } | null = null;
  if (resend.isSuccess) feedback = { tone: 'success', text: t('banner.sent', { email }) };
  else if (resend.error instanceof ApiError && resend.error.status === 429) feedback = { tone: 'problem', text: t('banner.rateLimited') };
  else if (resend.isError) feedback = { tone: 'problem', text: t('banner.failed') };
  return { send: () => resend.mutate(), pending: resend.isPending, sent: resend.isSuccess, feedback };
}
