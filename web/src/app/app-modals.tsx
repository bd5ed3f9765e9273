import { lazy, Suspense, useEffect, useState } from 'react';
import { onAppModal, type AppModal } from '@/lib/modal-bus';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';
import { lazyScreen } from './lazy-screen';

// Each dialog's code loads the first time it is opened.
const SubscriptionModal = lazyScreen(() => import('@/features/billing/subscription-modal'));
const SettingsModal = lazyScreen(() => import('@/features/account/settings-modal'));
const CookieConsent = lazy(() => import('@/features/consent/cookie-consent'));

/** Mounts the app-wide dialogs; screens open them through `openAppModal`. */
export function AppModals() {
  const { user } = useAuth();
  const [open, setOpen] = useState<AppModal | null>(null);
  useEffect(() => {
    const offs = (['subscription', 'settings', 'account-deletion'] as AppModal[]).map((m) => onAppModal(m, () => setOpen(m)));
    return () => offs.forEach((off) => off());
  }, []);
  const close = () => setOpen(null);
  // The banner depends on this browser's saved consent: not part of the prerendered page.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent />
      {user && open === 'subscription' && <SubscriptionModal user={user} open onOpenChange={(o) => !o && close()} />}
      {user && (open === 'settings' || open === 'account-deletion') && (
        <SettingsModal user={user} open initialSection={open === 'account-deletion' ? 'deletion' : 'profile'} onOpenChange={(o) => !o && close()} />
      )}
    </Suspense>
  );
}
