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
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
