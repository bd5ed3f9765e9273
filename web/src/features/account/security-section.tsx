import type { UserResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';

/** Settings → Security (issue #10): change the password, change the e-mail address. */
export function SecuritySection({ user, onClose }: { user: UserResponse; onClose(): void }) {
  const { t: tc } = useTranslation();
  return (
    <div className="grid gap-5" data-testid="security-section">
      <ChangePasswordForm />
      <ChangeEmailForm currentEmail={user.email} pendingEmail={user.pendingEmail} />
      <div className="flex justify-end border-t pt-5">
        <Button type="button" variant="outline" onClick={onClose}>
          {tc('common.close')}
        </Button>
      </div>
    </div>
  );
}
