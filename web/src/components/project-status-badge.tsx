import { Loader2 } from 'lucide-react';
import type { ProjectPhotoCounts, ProjectStatus } from '@contract/projects';
import { useTranslation } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';

/**
 * What a project holds, in the same words on every screen (ADR 051): "Abgeschlossen", "In Bearbeitung",
 * "2 von 3 eingerichtet" for a partly staged project, "Fehler" when no photo could be staged.
 */
export function useProjectStatusText(): (status: ProjectStatus, counts: ProjectPhotoCounts) => string {
  const { t } = useTranslation();
  return (status, counts) =>
    status === 'partial' ? t('projectStatus.partial', { staged: counts.staged, photos: counts.photos }) : t(`projectStatus.${status}`);
}

const VARIANT = { completed: 'default', processing: 'secondary', partial: 'warning', failed: 'destructive' } as const;

/** Spec §4: completed default, processing secondary, failed destructive; partly staged as a warning. */
export function ProjectStatusBadge({ status, counts, className }: { status: ProjectStatus; counts: ProjectPhotoCounts; className?: string }) {
  const text = useProjectStatusText();
  return (
    <Badge variant={VARIANT[status] ?? 'destructive'} className={className} data-testid="status-badge" data-status={status}>
      {/* A live run is behind a processing project (the sweep settles any other): it is on its way. */}
      {status === 'processing' && <Loader2 className="mr-1 size-3 animate-spin motion-reduce:animate-none" aria-hidden />}
      {text(status, counts)}
    </Badge>
  );
}
