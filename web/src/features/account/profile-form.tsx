import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { z } from 'zod';
import { INDUSTRIES, PROFILE_ROLES, type UserResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-request';
import { useUpdateProfile } from './api/update-profile';

const NONE = '';
const schema = z.object({
  firstName: z.string().trim().max(80),
  lastName: z.string().trim().max(80),
  profileRole: z.enum([NONE, ...PROFILE_ROLES]),
  industry: z.enum([NONE, ...INDUSTRIES]),
});
type ProfileValues = z.infer<typeof schema>;

/** The profile form of the settings modal; saved via PUT /api/auth/profile. */
export function ProfileForm({ user, onClose }: { user: UserResponse; onClose(): void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const serverErrorText = useServerErrorText();
  const mutation = useUpdateProfile();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      profileRole: user.profileRole ?? NONE,
      industry: user.industry ?? NONE,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      {
        firstName: values.firstName || null,
        lastName: values.lastName || null,
        profileRole: values.profileRole || null,
        industry: values.industry || null,
      },
      {
        onSuccess: () => {
          toast({ title: t('profile.saved'), variant: 'success' });
          onClose();
        },
      },
    ),
  );

  const serverError = mutation.error ? errorText(mutation.error, t, tc, serverErrorText) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="profile-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="profile-first-name"
          label={t('profile.firstName')}
          error={errors.firstName && t('profile.tooLong')}
        >
          <Input
            id="profile-first-name"
            autoComplete="given-name"
            aria-invalid={!!errors.firstName}
            {...form.register('firstName')}
          />
        </Field>
        <Field
          id="profile-last-name"
          label={t('profile.lastName')}
          error={errors.lastName && t('profile.tooLong')}
        >
          <Input
            id="profile-last-name"
            autoComplete="family-name"
            aria-invalid={!!errors.lastName}
            {...form.register('lastName')}
          />
        </Field>
      </div>
      {/* The address changes only through Security (current password + a confirmation mail, issue #10). */}
      <Field id="profile-email" label={t('profile.email')} hint={t('profile.emailHint')}>
        <Input id="profile-email" type="email" value={user.email} readOnly aria-readonly className="bg-muted/50 text-muted-foreground" />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-role" label={t('profile.role')}>
          <Controller
            control={form.control}
            name="profileRole"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="profile-role" data-testid="profile-role">
                  <SelectValue placeholder={t('profile.choose')} />
                </SelectTrigger>
                <SelectContent>
                  {PROFILE_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {t(`roles.${role}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="profile-industry" label={t('profile.industry')}>
          <Controller
            control={form.control}
            name="industry"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="profile-industry" data-testid="profile-industry">
                  <SelectValue placeholder={t('profile.choose')} />
                </SelectTrigger>
                <SelectContent>
                  {INDUSTRIES.map((industry) => (
                    <SelectItem key={industry} value={industry}>
                      {t(`industries.${industry}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      {serverError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="profile-error"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {serverError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} data-testid="settings-close">
          {tc('common.close')}
        </Button>
        <Button type="submit" disabled={mutation.isPending} data-testid="settings-save">
          {mutation.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {tc('common.save')}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | false;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

type T = (key: string) => string;
function errorText(error: Error, t: T, tc: T, shared: (error: unknown) => string): string {
  if (error instanceof ApiError) {
    if (error.body?.code === 'email_taken') return tc('auth.emailTaken');
    if (error.body?.code === 'rate_limited') return tc('auth.rateLimited');
    return `${t('profile.saveFailed')} ${shared(error)}`;
  }
  return `${t('profile.saveFailed')} ${tc('common.unexpectedError')}`;
}
