import { Megaphone, Sparkles } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { PLANS, type PlanId } from '@contract/plans';
import { Button } from '@/components/ui/button';
import { openAppModal } from '@/lib/modal-bus';

/**
 * The dashboard's advertisement slot (spec §2). Free users see Raumwerk's own Pro offer there;
 * paying users see the neutral "your ad here" placeholder.
 */
export function AdCard({ plan }: { plan: PlanId | null }) {
  const { t } = useTranslation('staging');
  if (plan === 'free') {
    return (
      <aside
        className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-[oklch(0.32_0.05_45)] via-[oklch(0.26_0.03_50)] to-[oklch(0.19_0.015_60)] p-5 text-white shadow-sm"
        aria-label={t('dashboard.ad.label')}
        data-testid="ad-card"
      >
        <div
          className="absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_85%_15%,white_0,transparent_45%)]"
          aria-hidden
        />
        <div className="relative">
          <p className="text-[11px] font-semibold uppercase tracking-wider text-white/70">
            {t('dashboard.ad.upsellLabel')}
          </p>
          <h2 className="mt-2 text-lg font-semibold">{t('dashboard.ad.upsellTitle')}</h2>
          <p className="mt-1 text-sm text-white/80">
            {t('dashboard.ad.upsellText', { credits: PLANS.pro.creditsPerMonth })}
          </p>
          <Button
            size="sm"
            className="mt-4 bg-white text-[oklch(0.25_0.02_50)] hover:bg-white/90"
            onClick={() => openAppModal('subscription')}
          >
            <Sparkles aria-hidden /> {t('dashboard.ad.upsellCta')}
          </Button>
        </div>
      </aside>
    );
  }
  return (
    <aside
      className="rounded-2xl border border-dashed bg-muted/30 p-5"
      aria-label={t('dashboard.ad.label')}
      data-testid="ad-card"
    >
      <p className="text-[11px] font-semibold uppercase tracking-wider text-muted-foreground">
        {t('dashboard.ad.label')}
      </p>
      <div className="mt-3 flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-background text-muted-foreground shadow-xs">
          <Megaphone className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="font-semibold">{t('dashboard.ad.title')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.ad.text')}</p>
        </div>
      </div>
    </aside>
  );
}
