import { Loader2, MailWarning, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';
import { useResendVerification } from './use-resend-verification';

/** Under the header of every signed-in screen while the address is unconfirmed: what to do and a resend button. */
export default function EmailVerificationBanner({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification(email);
  return (
    <div className="border-b border-warning/40 bg-warning/10" data-testid="verify-email-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-warning/20 text-[oklch(0.45_0.1_70)] dark:text-warning">
            <MailWarning className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold">{t('banner.title')}</p>
            <p className="text-muted-foreground">
              {t('banner.text', { email: '\u0000' })
                .split('\u0000')
                .flatMap((part, i) => (i === 0 ? [part] : [<strong key={i} className="break-all font-medium text-foreground">{email}</strong>, part]))}
            </p>
            {resend.feedback && (
              <p
                role={resend.feedback.tone === 'problem' ? 'alert' : 'status'}
                className={cn('mt-1 font-medium', resend.feedback.tone === 'problem' ? 'text-destructive dark:text-[oklch(0.75_0.15_27)]' : 'text-[oklch(0.42_0.12_150)] dark:text-success')}
                data-testid="verify-email-feedback"
              >
                {resend.feedback.text}
              </p>
            )}
          </div>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-9 self-start bg-background/80 sm:self-center"
          onClick={resend.send}
          disabled={resend.pending}
          data-testid="verify-email-resend"
        >
          {resend.pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {resend.pending ? t('banner.sending') : t('banner.resend')}
        </Button>
      </div>
    </div>
  );
}
