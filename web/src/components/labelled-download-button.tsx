import { Lock, Tag } from 'lucide-react';
import { Link } from 'wouter';
import { PLANS } from '@contract/plans';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

/**
 * "Download with 'Virtually staged' label" (issue #12.9, decision 026): Pro and Business users get
 * the button; free users see it disabled with an upgrade link (their results carry the watermark).
 * Used on the result screen and the project page; the label is in the interface's language.
 */
/** The label is long: let it wrap rather than widen a narrow side panel. */
const WRAP = 'h-auto min-h-10 whitespace-normal py-2 text-center';

export function LabelledDownloadButton({ onDownload, disabled, busy }: { onDownload(label: 'de' | 'en'): void; disabled?: boolean; busy?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const allowed = user ? PLANS[user.subscriptionPlan].disclosureLabel : false;
  const language = i18n.language === 'de' ? 'de' : 'en';
  if (allowed) {
    return (
      <Button variant="outline" className={WRAP} onClick={() => onDownload(language)} disabled={disabled || busy} data-testid="download-labelled">
        <Tag aria-hidden /> {t('labelledDownload.button')}
      </Button>
    );
  }
  return (
    <div className="grid gap-1.5" data-testid="download-labelled-locked">
      <Button variant="outline" className={WRAP} disabled aria-describedby="labelled-download-hint">
        <Lock aria-hidden /> {t('labelledDownload.button')}
      </Button>
      <p id="labelled-download-hint" className="text-xs text-muted-foreground">
        {t('labelledDownload.proOnly')}{' '}
        <Link href="/subscribe" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('labelledDownload.upgrade')}
        </Link>
      </p>
    </div>
  );
}
