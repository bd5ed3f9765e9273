import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';
import { useResetPassword } from './api/password-reset';
import { AuthShell } from './auth-shell';
import { newPasswordField } from './auth-schemas';
import { FieldError, ServerError } from './form-messages';
import { isRefusedToken, useServerErrorText } from './server-error-text';
import { StatusPanel } from './status-panel';

const schema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'reset.mismatch' });

/** `/reset-password?token=`: a new password (sign-up's rules, typed twice) → sign in with it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const serverError = useServerErrorText(reset.error);
  const { errors } = form.formState;

  if (reset.isSuccess) {
    return (
      <AuthShell>
        <StatusPanel
          tone="success"
          title={t('reset.successTitle')}
          testId="reset-done"
          actions={
            <Button asChild size="lg">
              <Link href="/login">{t('reset.signIn')}</Link>
            </Button>
          }
        >
          <p>{t('reset.successText')}</p>
        </StatusPanel>
      </AuthShell>
    );
  }
  if (!token || isRefusedToken(reset.error)) {
    return (
      <AuthShell>
        <StatusPanel
          tone="problem"
          title={t('reset.invalidTitle')}
          testId="reset-invalid"
          actions={
            <Button asChild size="lg">
              <Link href="/forgot-password">{t('reset.requestNew')}</Link>
            </Button>
          }
        >
          <p>{token ? t('reset.invalidText') : t('reset.missingToken')}</p>
        </StatusPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <h1 className="text-3xl font-bold tracking-tight">{t('reset.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('reset.subtitle')}</p>
      <form className="mt-8 grid gap-4" noValidate onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}>
        <div className="grid gap-2">
          <Label htmlFor="reset-password">{t('reset.newPassword')}</Label>
          <Input id="reset-password" type="password" autoComplete="new-password" autoFocus aria-invalid={!!errors.password} aria-describedby="reset-password-error reset-password-hint" {...form.register('password')} />
          {errors.password ? (
            <FieldError id="reset-password-error" message={errors.password.message} />
          ) : (
            <p id="reset-password-hint" className="text-xs text-muted-foreground">
              {tc('auth.passwordHint')}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirm">{t('reset.confirmPassword')}</Label>
          <Input id="reset-confirm" type="password" autoComplete="new-password" aria-invalid={!!errors.confirm} aria-describedby="reset-confirm-error" {...form.register('confirm')} />
          <FieldError id="reset-confirm-error" namespace="auth" message={errors.confirm?.message} />
        </div>
        <ServerError message={serverError} />
        <Button type="submit" size="lg" disabled={reset.isPending} data-testid="reset-submit">
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {reset.isPending ? tc('auth.working') : t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
