import { Ban, EyeOff, ServerCog, ShieldCheck, UserX } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';

/** Issue 1: states exactly what the analytics do and do not collect. */
export function GdprBox() {
  const { t } = useTranslation('admin');
  const points = [
    { key: 'noPersonalData', icon: UserX },
    { key: 'doNotTrack', icon: Ban },
    { key: 'anonymous', icon: EyeOff },
    { key: 'serverSide', icon: ServerCog },
  ] as const;
  return (
    <section className="rounded-xl border border-success/30 bg-success/5 p-5 sm:p-6" data-testid="gdpr-box" aria-labelledby="gdpr-title">
      <h2 id="gdpr-title" className="flex items-center gap-2 text-base font-semibold">
        <ShieldCheck className="size-5 text-success" aria-hidden />
        {t('analytics.gdpr.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {points.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3 text-sm">
            <Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span className="text-muted-foreground">{t(`analytics.gdpr.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
