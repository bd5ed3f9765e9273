import { Loader2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectStatus } from '@contract/projects';
import { Badge } from '@/components/ui/badge';

const VARIANT = { completed: 'default', processing: 'secondary', failed: 'destructive' } as const;

/** Spec §4: completed default, processing secondary, failed destructive. */
export function ProjectStatusBadge({
  status,
  className,
}: {
  status: ProjectStatus;
  className?: string;
}) {
  const { t } = useTranslation('projects');
  return (
    <Badge
      variant={VARIANT[status] ?? 'destructive'}
      className={className}
      data-testid="status-badge"
      data-status={status}
    >
      {/* A live run is behind a processing project (the sweep settles any other): it is on its way. */}
      {status === 'processing' && (
        <Loader2 className="mr-1 size-3 animate-spin motion-reduce:animate-none" aria-hidden />
      )}
      {t(`status.${status}`)}
    </Badge>
  );
}
