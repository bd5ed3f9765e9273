import { ArrowLeft, LogOut, ShieldX } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { adminLogout } from '../logout';

/** Signed in, but not an administrator. */
export function NoAccessPage({ user }: { user: UserResponse }) {
  const { t } = useTranslation('admin');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-6 py-16">
      <div className="flex max-w-md flex-col items-center text-center" data-testid="admin-no-access">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive" aria-hidden>
          <ShieldX className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight">{t('noAccess.title')}</h1>
        <p className="mt-3 text-pretty text-muted-foreground">{t('noAccess.text', { email: user.email })}</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild>
            <a href="/">
              <ArrowLeft aria-hidden /> {t('noAccess.back')}
            </a>
          </Button>
          <Button variant="outline" onClick={() => adminLogout()}>
            <LogOut aria-hidden /> {t('noAccess.switch')}
          </Button>
        </div>
      </div>
    </main>
  );
}
