import {
  ArrowRight,
  Eraser,
  LayoutPanelLeft,
  PaintRoller,
  Sofa,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { STYLE_IDS } from '@contract/styles';
import { Badge } from '@/components/ui/badge';
import { FURNITURE_REMOVAL_HREF, RENOVATION_HREF, useFurnitureRemovalAvailable } from '@/lib/public-config';

const TOOLS: { key: string; icon: LucideIcon; href?: string }[] = [
  { key: 'staging', icon: Sofa, href: '/new-project' },
  { key: 'removal', icon: Eraser, href: FURNITURE_REMOVAL_HREF },
  { key: 'renovation', icon: PaintRoller, href: RENOVATION_HREF },
  { key: 'floorPlan', icon: LayoutPanelLeft },
];

/**
 * Four tool tiles: virtual staging, furniture removal and renovation preview are active, floor plans are coming soon
 * (spec §1). Furniture removal needs an AI engine: on a server with the offline preview engine its
 * tile says so instead of linking (decision 027).
 */
export function ToolTiles() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const removalAvailable = useFurnitureRemovalAvailable();
  return (
    <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {TOOLS.map(({ key, icon: Icon, href: link }) => {
        const needsEngine = key === 'removal' && removalAvailable === false;
        const href = needsEngine ? undefined : link;
        const body = (
          <>
            <div className="flex items-start justify-between gap-3">
              <span
                className={
                  href
                    ? 'flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground'
                    : 'flex size-11 items-center justify-center rounded-xl bg-muted text-muted-foreground'
                }
              >
                <Icon className="size-5" aria-hidden />
              </span>
              {!href && <Badge variant="secondary">{needsEngine ? t('tools.needsEngine') : tc('common.comingSoon')}</Badge>}
            </div>
            <h3 className="mt-4 font-semibold tracking-tight">{t(`tools.${key}.title`)}</h3>
            <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted-foreground">
              {t(needsEngine ? 'tools.removal.offline' : `tools.${key}.text`, { styles: STYLE_IDS.length })}
            </p>
            {href && (
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
                {t('tools.open')}{' '}
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </span>
            )}
          </>
        );
        return (
          <li key={key} data-testid={`tool-${key}`}>
            {href ? (
              <Link
                href={href}
                className="group flex h-full flex-col rounded-2xl border border-primary/30 bg-card p-5 shadow-sm ring-1 ring-primary/10 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {body}
              </Link>
            ) : (
              <div
                className="flex h-full flex-col rounded-2xl border border-dashed bg-card/60 p-5"
                aria-disabled="true"
              >
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
