import { Clock, ImageOff } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';
import { formatDate } from '../format-date';

/** When the retention job deletes (or deleted) a project's images (DESIGN §4, terms: 30 days). */
export function ExpiryChip({
  expireAt,
  expired,
  className,
}: {
  expireAt: string | null;
  expired: boolean;
  className?: string;
}) {
  const { t } = useTranslation('projects');
  if (!expired && !expireAt) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium backdrop-blur-sm',
        expired ? 'bg-destructive/90 text-destructive-foreground' : 'bg-black/60 text-white',
        className,
      )}
      title={
        expired
          ? t('myProjects.expiredLong')
          : t('myProjects.expiresOnLong', { date: formatDate(expireAt) })
      }
      data-testid="expiry"
    >
      {expired ? (
        <ImageOff className="size-3" aria-hidden />
      ) : (
        <Clock className="size-3" aria-hidden />
      )}
      {expired
        ? t('myProjects.expired')
        : t('myProjects.expiresOn', { date: formatDate(expireAt) })}
    </span>
  );
}
