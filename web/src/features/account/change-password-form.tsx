import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useChangePassword } from './api/change-password';
import { FormAlert, SecurityField } from './security-field';
import { securityErrorText } from './security-error-text';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'security.currentRequired'),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, 'security.tooShort').max(256),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'security.mismatch' });
type Values = z.infer<typeof schema>;

/** Settings → Security: a new password (sign-up's rules) against the current one; other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const serverErrorText = useServerErrorText();
  const change = useChangePassword();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('security.passwordChanged'), description: t('security.passwordChangedText'), variant: 'success' });
        },
      },
    ),
  );
  return (
    <section aria-labelledby="change-password-title" className="rounded-xl border p-5">
      <h3 id="change-password-title" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden /> {t('security.passwordTitle')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('security.passwordText')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4" data-testid="change-password-form">
        <SecurityField id="current-password" label={t('security.currentPassword')} error={errors.currentPassword?.message && t(errors.currentPassword.message)}>
          <Input id="current-password" type="password" autoComplete="current-password" aria-invalid={!!errors.currentPassword} {...form.register('currentPassword')} />
        </SecurityField>
        <div className="grid gap-4 sm:grid-cols-2">
          <SecurityField
            id="new-password"
            label={t('security.newPassword')}
            hint={t('security.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.newPassword?.message && t(errors.newPassword.message, { min: PASSWORD_MIN_LENGTH })}
          >
            <Input id="new-password" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...form.register('newPassword')} />
          </SecurityField>
          <SecurityField id="confirm-password" label={t('security.confirmPassword')} error={errors.confirm?.message && t(errors.confirm.message)}>
            <Input id="confirm-password" type="password" autoComplete="new-password" aria-invalid={!!errors.confirm} {...form.register('confirm')} />
          </SecurityField>
        </div>
        <FormAlert message={securityErrorText(change.error, t, serverErrorText)} testId="change-password-error" />
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending} data-testid="change-password-submit">
            {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {t('security.passwordSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
