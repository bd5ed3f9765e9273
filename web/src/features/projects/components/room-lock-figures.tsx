import { ShieldCheck } from 'lucide-react';
import type { GeometryLockFigures } from '@contract/projects';
import { useTranslation, type TFunction } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';

/**
 * The geometry lock's figures in plain words (DESIGN §6, decision 014): "Room unchanged", how
 * closely the AI's picture lined up, how much of the photo was furnished and how many of the room's
 * lines are in place. Images staged before the lock have no figures.
 */
export function RoomLockFigures({ lock }: { lock: GeometryLockFigures | null }) {
  const { t, i18n } = useTranslation('projects');
  if (!lock) return <span className="text-muted-foreground">{t('modal.lockNone')}</span>;
  const language = i18n.language.startsWith('de') ? 'de' : 'en';
  const px = new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.max(0, lock.alignmentErrorPx));
  const percent = (share: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(Math.max(0, Math.min(1, share)));
  return (
    <>
      <Badge variant="success" className="gap-1.5 px-2.5 py-1 text-sm [&_svg]:size-4">
        <ShieldCheck aria-hidden /> {t('modal.roomUnchanged')}
      </Badge>
      <ul className="mt-2 grid gap-1 text-sm">
        <li>{t('modal.lockAligned', { px })}</li>
        <li>{t('modal.lockFurnished', { percent: percent(lock.changedShare) })}</li>
        <li>{t('modal.lockLines', { percent: percent(lock.architectureScore) })}</li>
      </ul>
    </>
  );
}

/** Short form for cards: "Room unchanged · 18% furnished". */
export function roomLockSummary(t: TFunction, language: string, lock: GeometryLockFigures | null): string | null {
  if (!lock) return null;
  const percent = new Intl.NumberFormat(language.startsWith('de') ? 'de' : 'en', { style: 'percent', maximumFractionDigits: 0 }).format(Math.max(0, Math.min(1, lock.changedShare)));
  return `${t('modal.roomUnchanged')} · ${t('modal.lockFurnishedShort', { percent })}`;
}
