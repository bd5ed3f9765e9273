import { Cookie } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  ACCEPT_ALL,
  NECESSARY_ONLY,
  readConsent,
  saveConsent,
  type ConsentChoice,
} from '@/lib/consent';
import { onAppModal } from '@/lib/modal-bus';

// The settings panel (Radix Dialog + switches) loads only when someone opens it.
const CookieSettingsDialog = lazy(() => import('./cookie-settings-dialog'));

/**
 * Spec §4 cookie consent: the banner shows while no consent is saved; "Accept all" and "Necessary
 * only" save at once; "Settings" (and the footer's cookie-settings button) open the panel.
 */
export default function CookieConsent() {
  const { t } = useTranslation('consent');
  const [decided, setDecided] = useState(() => readConsent() !== null);
  const [panelOpen, setPanelOpen] = useState(false);

  useEffect(() => onAppModal('cookie-settings', () => setPanelOpen(true)), []);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setDecided(true);
    setPanelOpen(false);
  };

  return (
    <>
      {!decided && !panelOpen && (
        // A compact bar at the bottom edge (issue #35): it must not cover the landing's buttons on a
        // desktop nor most of a phone's first screen. The title is for screen readers; the text is short.
        <section
          aria-labelledby="cookie-banner-title"
          aria-describedby="cookie-banner-text"
          className="fixed inset-x-0 bottom-0 z-50 border-t bg-card/95 text-card-foreground shadow-[0_-6px_24px_rgb(0_0_0/0.08)] backdrop-blur-md"
          data-testid="cookie-banner"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-5 sm:px-6 sm:py-3">
            <h2 id="cookie-banner-title" className="sr-only">
              {t('banner.title')}
            </h2>
            <p id="cookie-banner-text" className="flex min-w-0 flex-1 gap-2.5 text-xs leading-snug text-muted-foreground sm:text-sm">
              <Cookie className="mt-0.5 hidden size-4 shrink-0 text-primary sm:block" aria-hidden />
              <span>
                {t('banner.text')}{' '}
                <Link href="/privacy" className="font-medium text-foreground underline underline-offset-4 hover:text-primary">
                  {t('banner.privacyLink')}
                </Link>
                {' · '}
                <button
                  type="button"
                  onClick={() => setPanelOpen(true)}
                  className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
                  data-testid="cookie-settings-open"
                >
                  {t('banner.settings')}
                </button>
              </span>
            </p>
            <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
              <Button variant="outline" size="sm" onClick={() => choose(NECESSARY_ONLY)} data-testid="cookie-necessary-only">
                {t('banner.necessaryOnly')}
              </Button>
              <Button size="sm" onClick={() => choose(ACCEPT_ALL)} data-testid="cookie-accept-all">
                {t('banner.acceptAll')}
              </Button>
            </div>
          </div>
        </section>
      )}
      {panelOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            initial={readConsent()?.preferences ?? NECESSARY_ONLY}
            onSave={choose}
            onClose={() => setPanelOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
