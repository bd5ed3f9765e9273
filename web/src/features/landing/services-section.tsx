import {
  ArrowRight,
  Eraser,
  LayoutPanelLeft,
  PaintRoller,
  Sofa,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';
import { SignUpCta } from './cta-link';
import { useLandingVariant } from './landing-variant';
import { SectionHeading } from './section-heading';

const SERVICES: { key: string; icon: LucideIcon; active: boolean }[] = [
  { key: 'staging', icon: Sofa, active: true },
  { key: 'removal', icon: Eraser, active: true },
  { key: 'renovation', icon: PaintRoller, active: true },
  { key: 'floorPlan', icon: LayoutPanelLeft, active: false },
];

/** Spec §1: virtual staging, furniture removal (with an AI engine, decision 027: else "rolling out") and renovation preview (decision 062) are active; floor plans are coming soon. */
export function ServicesSection() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  // Only the AI engines can empty a room (decision 027); the landing page is rendered per engine (decision 039).
  const removal = useLandingVariant() === 'ai';
  return (
    <section
      id="services"
      aria-labelledby="services-title"
      className="scroll-mt-20 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          eyebrow={t('services.eyebrow')}
          title={t('services.title')}
        >
          {t(removal ? 'services.subtitleAi' : 'services.subtitle')}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ key, icon: Icon, active }) => {
            const rollout = key === 'removal' && !removal;
            return (
              <li
                key={key}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-card p-6',
                  active
                    ? 'border-primary/40 shadow-lg shadow-primary/5 ring-1 ring-primary/20'
                    : 'shadow-xs',
                )}
                data-testid={`service-${key}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <span
                    className={cn(
                      'flex size-11 items-center justify-center rounded-xl',
                      active
                        ? 'bg-primary text-primary-foreground'
                        : 'bg-muted text-muted-foreground',
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  {rollout ? (
                    <Badge variant="secondary">{t('services.rollout')}</Badge>
                  ) : active ? (
                    <Badge
                      variant="success"
                      className="text-[oklch(0.42_0.12_150)] dark:text-success"
                    >
                      {t('services.available')}
                    </Badge>
                  ) : (
                    <Badge variant="secondary">{tc('common.comingSoon')}</Badge>
                  )}
                </div>
                <h3 className="mt-5 text-lg font-semibold tracking-tight">
                  {t(`services.${key}.title`)}
                </h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">
                  {t(`services.${key}.text${key === 'removal' && removal ? 'Ai' : ''}`)}
                </p>
                {active && (
                  <SignUpCta
                    variant="link"
                    className="mt-4 h-auto justify-start self-start px-0 py-0"
                  >
                    {t('services.cta')} <ArrowRight aria-hidden />
                  </SignUpCta>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
