import { ShieldCheck } from 'lucide-react';
import type { GeometryLockFigures } from '@contract/projects';
import { useTranslation, type TFunction } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';

/**
 * The geometry lock's verdict in customer words (DESIGN §6, decision 014): "Room as photographed" and what
 * that means. The measured figures (alignment residual, furnished share, line score) are for the
 * operator and stay in the logs and the API (issue #26). Images staged before the lock have none.
 */
export function RoomLockFigures({ lock }: { lock: GeometryLockFigures | null }) {
  const { t } = useTranslation('projects');
  if (!lock) return <span className="text-muted-foreground">{t('modal.lockNone')}</span>;
  return (
    <Badge variant="success" className="gap-1.5 px-2.5 py-1 text-sm [&_svg]:size-4">
      <ShieldCheck aria-hidden /> {t('modal.roomUnchanged')}
    </Badge>
  );
}

/** Short form for cards: "Room as photographed". */
export function roomLockSummary(
  t: TFunction,
  _language: string,
  lock: GeometryLockFigures | null,
): string | null {
  if (!lock) return null;
  return t('modal.roomUnchanged');
}
