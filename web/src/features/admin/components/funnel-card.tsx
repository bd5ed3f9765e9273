import { ArrowRight, MousePointerClick, MoveRight, TrendingDown, TrendingUp, UserPlus, Eye } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { CTA_TO_SIGNUP_TREND_THRESHOLD, LP_TO_CTA_TREND_THRESHOLD, type AdminAnalyticsResponse } from '@contract/admin';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatPercent, langOf } from '../format';

type Funnel = AdminAnalyticsResponse['conversions']['last7d'];

/** Spec §2: the up-trend shows when landing→CTA exceeds 5 % and CTA→signup exceeds 10 %. */
export function isUpTrend(funnel: Pick<Funnel, 'lpToCtaRate' | 'ctaToSignupRate'>): boolean {
  return funnel.lpToCtaRate > LP_TO_CTA_TREND_THRESHOLD && funnel.ctaToSignupRate > CTA_TO_SIGNUP_TREND_THRESHOLD;
}

function Step({ icon: Icon, label, value, accent }: { icon: typeof Eye; label: string; value: string | null; accent: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-background/60 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg" style={{ backgroundColor: `color-mix(in oklch, ${accent} 14%, transparent)`, color: accent }} aria-hidden>
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-muted-foreground">{label}</p>
        {value === null ? <Skeleton className="mt-1 h-7 w-16" /> : <p className="text-2xl font-bold tabular-nums tracking-tight">{value}</p>}
      </div>
    </div>
  );
}

function Rate({ label, value, target, testId }: { label: string; value: string | null; target: string; testId: string }) {
  return (
    <div className="flex flex-row items-center justify-center gap-3 px-1 py-1 md:flex-col md:gap-1 md:py-0 md:text-center">
      <MoveRight className="hidden size-5 text-muted-foreground md:block" aria-hidden />
      <ArrowRight className="size-4 rotate-90 text-muted-foreground md:hidden" aria-hidden />
      <div>
        <p className="text-lg font-bold tabular-nums text-primary" data-testid={testId}>
          {value ?? '–'}
        </p>
        <p className="text-[11px] font-medium text-muted-foreground">{label}</p>
        <p className="text-[11px] text-muted-foreground">{target}</p>
      </div>
    </div>
  );
}

export function FunnelCard({ funnel }: { funnel: Funnel | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const up = funnel ? isUpTrend(funnel) : null;
  const pct = (v: number) => formatPercent(v, lang);
  return (
    <Card data-testid="funnel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="text-base">{t('analytics.funnel.title')}</CardTitle>
          <CardDescription>{t('analytics.funnel.description')}</CardDescription>
        </div>
        {up !== null && (
          <Badge variant={up ? 'success' : 'secondary'} className="py-1" data-testid="funnel-trend" data-trend={up ? 'up' : 'flat'}>
            {up ? <TrendingUp aria-hidden /> : <TrendingDown aria-hidden />}
            {up ? t('analytics.funnel.trendUp') : t('analytics.funnel.trendFlat')}
          </Badge>
        )}
      </CardHeader>
      <div className="grid grid-cols-1 items-center gap-2 px-6 md:grid-cols-[1fr_auto_1fr_auto_1fr]">
        <Step icon={Eye} label={t('analytics.funnel.landing')} value={funnel ? formatCount(funnel.landingPageviews, lang) : null} accent="var(--chart-pageview)" />
        <Rate
          testId="funnel-lp-to-cta"
          label={t('analytics.funnel.lpToCta')}
          value={funnel ? pct(funnel.lpToCtaRate) : null}
          target={t('analytics.funnel.target', { value: pct(LP_TO_CTA_TREND_THRESHOLD) })}
        />
        <Step icon={MousePointerClick} label={t('analytics.funnel.cta')} value={funnel ? formatCount(funnel.ctaClicks, lang) : null} accent="var(--chart-cta_click)" />
        <Rate
          testId="funnel-cta-to-signup"
          label={t('analytics.funnel.ctaToSignup')}
          value={funnel ? pct(funnel.ctaToSignupRate) : null}
          target={t('analytics.funnel.target', { value: pct(CTA_TO_SIGNUP_TREND_THRESHOLD) })}
        />
        <Step icon={UserPlus} label={t('analytics.funnel.signups')} value={funnel ? formatCount(funnel.signups, lang) : null} accent="var(--chart-signup)" />
      </div>
      <p className="px-6 pt-4 pb-6 text-xs text-muted-foreground">
        {t('analytics.funnel.trendHint', { lp: pct(LP_TO_CTA_TREND_THRESHOLD), cta: pct(CTA_TO_SIGNUP_TREND_THRESHOLD) })}
      </p>
    </Card>
  );
}
