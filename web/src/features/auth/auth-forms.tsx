import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/i18n';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Link } from 'wouter';
import { emailField, newPasswordField } from './auth-schemas';
import { FieldError, ServerError } from './form-messages';
import { useServerErrorText } from './server-error-text';
import { useSignIn, useSignUp } from './use-auth-mutations';

const signInSchema = z.object({ email: emailField, password: z.string().min(1, 'auth.passwordRequired') });
const signUpSchema = z.object({
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  email: emailField,
  password: newPasswordField,
});

export function SignInForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useForm<z.infer<typeof signInSchema>>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const serverError = useServerErrorText(signIn.error);
  const { errors } = form.formState;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess: onDone }))}>
      <div className="grid gap-2">
        <Label htmlFor="signin-email">{t('auth.email')}</Label>
        <Input id="signin-email" type="email" autoComplete="email" aria-invalid={!!errors.email} aria-describedby="signin-email-error" {...form.register('email')} />
        <FieldError id="signin-email-error" message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor="signin-password">{t('auth.password')}</Label>
          <Link href="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="forgot-password-link">
            {ta('forgot.link')}
          </Link>
        </div>
        <Input id="signin-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby="signin-password-error" {...form.register('password')} />
        <FieldError id="signin-password-error" message={errors.password?.message} />
      </div>
      <ServerError message={serverError} />
      <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="signin-submit">
        {signIn.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {signIn.isPending ? t('auth.working') : t('auth.submitSignIn')}
      </Button>
    </form>
  );
}

export function SignUpForm({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const signUp = useSignUp();
  const form = useForm<z.infer<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const serverError = useServerErrorText(signUp.error);
  const { errors } = form.formState;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        // The language the confirmation mail (and later mails) are written in.
        signUp.mutate({ ...values, firstName: values.firstName || undefined, lastName: values.lastName || undefined, language: i18n.language }, { onSuccess: onDone }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="signup-first">{t('auth.firstName')}</Label>
          <Input id="signup-first" autoComplete="given-name" {...form.register('firstName')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-last">{t('auth.lastName')}</Label>
          <Input id="signup-last" autoComplete="family-name" {...form.register('lastName')} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-email">{t('auth.email')}</Label>
        <Input id="signup-email" type="email" autoComplete="email" aria-invalid={!!errors.email} aria-describedby="signup-email-error" {...form.register('email')} />
        <FieldError id="signup-email-error" message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-password">{t('auth.password')}</Label>
        <Input id="signup-password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} aria-describedby="signup-password-error signup-password-hint" {...form.register('password')} />
        {errors.password ? (
          <FieldError id="signup-password-error" message={errors.password.message} />
        ) : (
          <p id="signup-password-hint" className="text-xs text-muted-foreground">
            {t('auth.passwordHint')}
          </p>
        )}
      </div>
      <ServerError message={serverError} />
      <TermsNotice />
      <Button type="submit" size="lg" disabled={signUp.isPending} data-testid="signup-submit">
        {signUp.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {signUp.isPending ? t('auth.working') : t('auth.submitSignUp')}
      </Button>
    </form>
  );
}

/**
 * Decision 034: the terms become part of the contract by a clear reference before the click
 * (§ 305 (2) BGB); the privacy policy is information (Art. 13 GDPR), not something to consent to,
 * so a sentence with both links fits and a required checkbox would wrongly suggest a consent.
 */
function TermsNotice() {
  const { t } = useTranslation('auth');
  const link = 'font-medium text-foreground underline underline-offset-4 hover:text-primary';
  return (
    <p className="text-xs leading-relaxed text-muted-foreground" data-testid="signup-terms">
      {t('signUpTerms.before')}
      <Link href="/terms" className={link}>
        {t('signUpTerms.terms')}
      </Link>
      {t('signUpTerms.middle')}
      <Link href="/privacy" className={link}>
        {t('signUpTerms.privacy')}
      </Link>
      {t('signUpTerms.after')}
    </p>
  );
}
