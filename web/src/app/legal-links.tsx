import { Link } from 'wouter';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';

/**
 * The short legal footer of pages without the app's footer (sign-in, password pages, the public
 * share page): legal notice, privacy policy and terms must be one click away on every page (§ 5
 * DDG, Art. 13 GDPR; issue #26).
 */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const link = 'rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <nav aria-label={t('footer.legal')} className={cn('text-xs text-muted-foreground', className)} data-testid="legal-links">
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <li>
          <Link href="/impressum" className={link}>
            {t('footer.impressum')}
          </Link>
        </li>
        <li>
          <Link href="/privacy" className={link}>
            {t('footer.privacy')}
          </Link>
        </li>
        <li>
          <Link href="/terms" className={link}>
            {t('footer.terms')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
