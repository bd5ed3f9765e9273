import { zodResolver } from '@hookform/resolvers/zod';
import { AtSign, Loader2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useRequestEmailChange } from './api/change-email';
import { FormAlert, SecurityField } from './security-field';
import { securityErrorText } from './security-error-text';

/** Settings → Security: a new address, confirmed by the current password; it takes effect from the mailed link. */
export function ChangeEmailForm({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string | null }) {
  const { t } = useTranslation('account');
  const serverErrorText = useServerErrorText();
  const change = useRequestEmailChange();
  const schema = z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('security.invalidEmail'))
      .refine((email) => pendingEmail !== null || email !== currentEmail.toLowerCase(), 'security.sameEmail'),
    currentPassword: z.string().min(1, 'security.currentRequired'),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '', currentPassword: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
    }),
  );
  return (
    <section aria-labelledby="change-email-title" className="rounded-xl border p-5">
      <h3 id="change-email-title" className="flex items-center gap-2 font-semibold">
        <AtSign className="size-5 shrink-0 text-muted-foreground" aria-hidden /> {t('security.emailTitle')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('security.emailText', { email: currentEmail })}</p>
      {pendingEmail && (
        <div role="status" className="mt-4 flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="email-change-pending">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <p>
            <span className="font-medium">{t('security.emailSent', { email: pendingEmail })}</span> {t('security.emailSentText')}
          </p>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4" data-testid="change-email-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <SecurityField id="new-email" label={t('security.newEmail')} error={errors.email?.message && t(errors.email.message)}>
            <Input id="new-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
          </SecurityField>
          <SecurityField id="email-current-password" label={t('security.currentPassword')} error={errors.currentPassword?.message && t(errors.currentPassword.message)}>
            <Input id="email-current-password" type="password" autoComplete="current-password" aria-invalid={!!errors.currentPassword} {...form.register('currentPassword')} />
          </SecurityField>
        </div>
        <FormAlert message={securityErrorText(change.error, t, serverErrorText)} testId="change-email-error" />
        <div className="flex justify-end">
          <Button type="submit" variant="outline" disabled={change.isPending} data-testid="change-email-submit">
            {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {t('security.emailSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
