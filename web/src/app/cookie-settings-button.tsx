import { useTranslation } from '@/i18n/i18n';
import { openAppModal } from '@/lib/modal-bus';

export const footerLinkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The island of the prerendered landing page that hydrates the footer's cookie settings button (decision 021). */
export const COOKIE_SETTINGS_ISLAND = 'cookie-settings';

/** The footer's way back to the cookie settings panel (spec §4): the cookie banner's component opens it on the modal bus. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => openAppModal('cookie-settings')}
      className={`${footerLinkClass} cursor-pointer`}
      data-testid="footer-cookie-settings"
    >
      {t('footer.cookieSettings')}
    </button>
  );
}
