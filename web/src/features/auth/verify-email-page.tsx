import { Loader2, Send } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { needsEmailConfirmation, useAuth } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { useVerifyEmail } from './api/email-verification';
import { AuthShell } from './auth-shell';
import { useServerErrorText, isRefusedToken } from './server-error-text';
import { StatusPanel } from './status-panel';
import { useResendVerification } from './use-resend-verification';
import { useTokenOnce } from './use-token-once';

/** `/verify-email?token=`: confirms the address from the sign-up mail, then on to the tool. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useAuth();
  const verify = useVerifyEmail();
  useTokenOnce(token, verify.mutate);
  const serverError = useServerErrorText(verify.error);

  const continueButton = (
    <Button asChild size="lg">
      {user ? <Link href="/new-project">{t('verify.continue')}</Link> : <Link href="/login">{t('verify.signIn')}</Link>}
    </Button>
  );

  let panel;
  if (verify.isSuccess) {
    panel = (
      <StatusPanel tone="success" title={t('verify.successTitle')} testId="verify-email-done" actions={continueButton}>
        <p>{t('verify.successText')}</p>
      </StatusPanel>
    );
  } else if (token && !verify.isError) {
    panel = <StatusPanel tone="working" title={t('verify.working')} testId="verify-email-working" />;
  } else if (user && !needsEmailConfirmation(user)) {
    panel = (
      <StatusPanel tone="success" title={t('verify.alreadyTitle')} testId="verify-email-already" actions={continueButton}>
        <p>{t('verify.alreadyText')}</p>
      </StatusPanel>
    );
  } else {
    panel = (
      <StatusPanel
        tone="problem"
        title={t('verify.invalidTitle')}
        testId="verify-email-invalid"
        actions={user ? <ResendButton email={user.email} /> : continueButton}
      >
        <p>{!token || isRefusedToken(verify.error) ? t('verify.invalidText') : serverError}</p>
        <p>{user ? t('verify.invalidResend') : t('verify.invalidSignIn')}</p>
      </StatusPanel>
    );
  }
  return <AuthShell>{panel}</AuthShell>;
}

function ResendButton({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification(email);
  return (
    <div className="grid w-full gap-3">
      <Button size="lg" className="sm:w-fit" onClick={resend.send} disabled={resend.pending || resend.sent} data-testid="verify-email-resend">
        {resend.pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {t('verify.resend')}
      </Button>
      {resend.feedback && (
        <p
          role={resend.feedback.tone === 'problem' ? 'alert' : 'status'}
          className={cn('text-sm font-medium', resend.feedback.tone === 'problem' ? 'text-destructive dark:text-[oklch(0.75_0.15_27)]' : 'text-[oklch(0.42_0.12_150)] dark:text-success')}
          data-testid="verify-email-feedback"
        >
          {resend.feedback.text}
        </p>
      )}
    </div>
  );
}
