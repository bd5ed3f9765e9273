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
        <section
          aria-labelledby="cookie-banner-title"
          aria-describedby="cookie-banner-text"
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border bg-card/95 p-4 text-card-foreground shadow-2xl backdrop-blur-md sm:inset-x-6 sm:bottom-6 sm:p-6"
          data-testid="cookie-banner"
        >
          <div className="flex gap-4">
            <span
              className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-primary sm:flex"
              aria-hidden
            >
              <Cookie className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="cookie-banner-title" className="font-semibold tracking-tight">
                {t('banner.title')}
              </h2>
              <p
                id="cookie-banner-text"
                className="mt-1.5 text-sm leading-relaxed text-muted-foreground"
              >
                {t('banner.text')}{' '}
                <Link
                  href="/privacy"
                  className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
                >
                  {t('banner.privacyLink')}
                </Link>
              </p>
              <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:items-center">
                <Button
                  variant="ghost"
                  onClick={() => setPanelOpen(true)}
                  className="col-span-2 row-start-2 h-9 sm:row-auto sm:mr-auto sm:h-10"
                  data-testid="cookie-settings-open"
                >
                  {t('banner.settings')}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => choose(NECESSARY_ONLY)}
                  className="px-3"
                  data-testid="cookie-necessary-only"
                >
                  {t('banner.necessaryOnly')}
                </Button>
                <Button
                  onClick={() => choose(ACCEPT_ALL)}
                  className="px-3"
                  data-testid="cookie-accept-all"
                >
                  {t('banner.acceptAll')}
                </Button>
              </div>
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
