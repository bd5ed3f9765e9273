import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import {
  COOKIE_SETTINGS_ISLAND,
  CookieSettingsButton,
  footerLinkClass as linkClass,
} from './cookie-settings-button';
import { useEngineWords } from '@/lib/public-config';
import { Logo } from './header/logo';

export function AppFooter() {
  const { t } = useTranslation();
  // "AI" only when an AI model stages (issue #35).
  const engine = useEngineWords();
  return (
    <footer className="mt-auto border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        <div className="max-w-sm space-y-3">
          <Logo />
          <p className="text-sm leading-relaxed text-muted-foreground">{t(engine === 'ai' ? 'footer.claimAi' : 'footer.claim')}</p>
        </div>
        <nav aria-labelledby="footer-legal-heading">
          <h2
            id="footer-legal-heading"
            className="mb-3 text-xs font-semibold uppercase tracking-wider text-foreground/80"
          >
            {t('footer.legal')}
          </h2>
          <ul className="flex flex-col gap-x-6 gap-y-2.5 sm:flex-row sm:flex-wrap">
            <li>
              <Link href="/impressum" className={linkClass}>
                {t('footer.impressum')}
              </Link>
            </li>
            <li>
              <Link href="/privacy" className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link href="/terms" className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li data-island={COOKIE_SETTINGS_ISLAND}>
              <CookieSettingsButton />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-5 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Raumwerk · {t('footer.rights')}
          </p>
          <p>{t('footer.vatNote')}</p>
        </div>
      </div>
    </footer>
  );
}
