import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { LanguageToggle } from './language-toggle';

/** The island of the prerendered landing page that hydrates the signed-out controls (decision 021). */
export const SIGNED_OUT_NAV_ISLAND = 'header-nav';

/** Signed out: the language toggle and sign-in (the header's only interactive part on the landing page). */
export function SignedOutNav() {
  const { t } = useTranslation();
  return (
    <>
      <LanguageToggle />
      <Button asChild size="sm" className="h-9 px-4 text-sm">
        <a href="/api/login" data-testid="sign-in-button">
          {t('header.signIn')}
        </a>
      </Button>
    </>
  );
}
