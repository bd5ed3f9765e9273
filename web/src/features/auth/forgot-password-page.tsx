import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';
import { useRequestPasswordReset } from './api/password-reset';
import { AuthShell } from './auth-shell';
import { emailField } from './auth-schemas';
import { FieldError, ServerError } from './form-messages';
import { useServerErrorText } from './server-error-text';
import { StatusPanel } from './status-panel';

const schema = z.object({ email: emailField });

/** `/forgot-password`: asks for the address; the answer is the same whether or not an account has it. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const serverError = useServerErrorText(request.error);
  const { errors } = form.formState;

  if (sentTo) {
    return (
      <AuthShell>
        <StatusPanel
          tone="sent"
          title={t('forgot.sentTitle')}
          testId="reset-requested"
          actions={
            <>
              <Button asChild size="lg">
                <Link href="/login">{t('forgot.backToSignIn')}</Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => {
                  request.reset();
                  setSentTo(null);
                }}
              >
                {t('forgot.tryAgain')}
              </Button>
            </>
          }
        >
          <p>{t('forgot.sentText', { email: sentTo })}</p>
          <p className="text-sm">{t('forgot.sentHint')}</p>
        </StatusPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <Link href="/login" className="mb-8 inline-flex w-fit items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> {t('forgot.backToSignIn')}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{t('forgot.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('forgot.subtitle')}</p>
      <form
        className="mt-8 grid gap-4"
        noValidate
        onSubmit={form.handleSubmit(({ email }) => request.mutate(email, { onSuccess: () => setSentTo(email) }))}
      >
        <div className="grid gap-2">
          <Label htmlFor="forgot-email">{tc('auth.email')}</Label>
          <Input id="forgot-email" type="email" autoComplete="email" autoFocus aria-invalid={!!errors.email} aria-describedby="forgot-email-error" {...form.register('email')} />
          <FieldError id="forgot-email-error" message={errors.email?.message} />
        </div>
        <ServerError message={serverError} />
        <Button type="submit" size="lg" disabled={request.isPending} data-testid="forgot-submit">
          {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {request.isPending ? tc('auth.working') : t('forgot.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
