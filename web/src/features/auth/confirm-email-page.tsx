import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { useConfirmEmailChange } from './api/confirm-email';
import { AuthShell } from './auth-shell';
import { isRefusedToken, useServerErrorText } from './server-error-text';
import { StatusPanel } from './status-panel';
import { useTokenOnce } from './use-token-once';

/** `/confirm-email?token=`: a changed e-mail address takes effect once the new address opens this link. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange();
  useTokenOnce(token, confirm.mutate);
  const serverError = useServerErrorText(confirm.error);

  const home = (
    <Button asChild size="lg">
      <Link href="/">{t('confirmEmail.continue')}</Link>
    </Button>
  );
  let panel;
  if (confirm.isSuccess) {
    panel = (
      <StatusPanel tone="success" title={t('confirmEmail.successTitle')} testId="confirm-email-done" actions={home}>
        <p>{t('confirmEmail.successText', { email: confirm.data.email })}</p>
      </StatusPanel>
    );
  } else if (token && !confirm.isError) {
    panel = <StatusPanel tone="working" title={t('confirmEmail.working')} testId="confirm-email-working" />;
  } else {
    panel = (
      <StatusPanel tone="problem" title={t('confirmEmail.invalidTitle')} testId="confirm-email-invalid" actions={home}>
        {!token || isRefusedToken(confirm.error) ? null : <p>{serverError}</p>}
        <p>{t('confirmEmail.invalidText')}</p>
      </StatusPanel>
    );
  }
  return <AuthShell>{panel}</AuthShell>;
}
