import { Languages } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { changeLanguage } from '@/i18n/i18n';

/** Switches between German and English; shows the language it switches to. */
export function LanguageToggle() {
  const { i18n, t } = useTranslation();
  const next = i18n.language === 'de' ? 'en' : 'de';
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void changeLanguage(next)}
      aria-label={`${t('header.language')}: ${next === 'de' ? t('header.switchToGerman') : t('header.switchToEnglish')}`}
      data-testid="language-toggle"
    >
      <Languages aria-hidden />
      <span className="font-semibold uppercase">{next}</span>
    </Button>
  );
}
