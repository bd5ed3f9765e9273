import { CircleAlert, CircleCheck, CircleX, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ActiveRunProject, RunStage } from '@contract/staging-runs';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useTranslation } from '@/i18n/i18n';
import { isPreviewEngine } from '@contract/landing-variant';
import { cn } from '@/lib/class-names';
import { usePublicConfig } from '@/lib/public-config';
import { useActiveRuns } from '../api/get-active-runs';
import { useLiveRunStages } from '../use-live-run-stages';

/**
 * The user's live and just-finished staging runs (issue #23): after a reload mid-run the new-project
 * screen and the dashboard show the run's progress, then its result with a link to the project.
 * Finished entries can be dismissed for this page view.
 */
export function ActiveRunsPanel({
  className,
  exclude = [],
}: {
  className?: string;
  /** Projects the page shows already. */ exclude?: string[];
}) {
  const { t } = useTranslation('staging');
  const runs = useActiveRuns();
  const stages = useLiveRunStages(runs.data?.projects);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const shown = (runs.data?.projects ?? []).filter(
    (p) => !dismissed.includes(p.projectId) && !exclude.includes(p.projectId),
  );
  if (shown.length === 0) return null;
  return (
    <section
      className={cn('grid grid-cols-[minmax(0,1fr)] gap-3', className)}
      aria-label={t('activeRuns.title')}
      data-testid="active-runs"
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {t('activeRuns.title')}
      </h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {shown.map((project) => (
          <ActiveRun
            key={project.projectId}
            project={project}
            stage={project.live.map((run) => stages[run.runId] ?? run.stage).find(Boolean) ?? null}
            onDismiss={() => setDismissed((d) => [...d, project.projectId])}
          />
        ))}
      </ul>
    </section>
  );
}

function ActiveRun({
  project,
  stage,
  onDismiss,
}: {
  project: ActiveRunProject;
  stage: RunStage | 'queued' | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('staging');
  const total = project.running + project.delivered + project.failed;
  const settled = project.delivered + project.failed;
  const live = project.running > 0;
  // Partly staged is neither a success nor a failure (ADR 051): the same amber as the project's status.
  const state = live ? 'running' : project.delivered === 0 ? 'failed' : project.failed > 0 ? 'partial' : 'completed';
  const Icon = live ? Loader2 : state === 'completed' ? CircleCheck : state === 'partial' ? CircleAlert : CircleX;
  // The built-in preview engine draws furniture (no AI model): the words follow the engine (issue #26).
  const preview = isPreviewEngine(usePublicConfig().data?.stagingEngine);
  const stageKey = stage === 'generating' && preview ? 'generatingPreview' : stage;
  return (
    <li
      className="min-w-0 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
      data-testid="active-run"
      data-state={state}
      data-project-id={project.projectId}
    >
      <div className="flex items-start gap-3">
        <Icon
          className={cn(
            'mt-0.5 size-5 shrink-0',
            live && 'animate-spin text-primary',
            state === 'completed' && 'text-success',
            state === 'partial' && 'text-warning',
            state === 'failed' && 'text-destructive',
          )}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" title={project.title}>
            {project.title}
          </p>
          <p
            className="mt-0.5 text-sm text-muted-foreground"
            data-testid="active-run-status"
            role={live ? 'status' : undefined}
          >
            {live
              ? t('activeRuns.running', { done: settled, total })
              : state === 'partial'
                ? t('activeRuns.partial', { delivered: project.delivered, total, count: project.failed })
                : state === 'completed'
                  ? t('activeRuns.completed', { count: project.delivered })
                  : t('activeRuns.failed', { count: project.failed })}
            {live && stageKey ? ` · ${t(`activeRuns.stages.${stageKey}`)}` : ''}
          </p>
        </div>
        {!live && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-mr-2 -mt-2 shrink-0"
            onClick={onDismiss}
            aria-label={t('activeRuns.dismiss', { title: project.title })}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
      {live && (
        <Progress
          className="mt-3"
          value={Math.max(5, total ? (100 * settled) / total : 0)}
          aria-label={project.title}
        />
      )}
      <div className="mt-3 flex justify-end">
        <Button asChild variant={live ? 'outline' : 'default'} size="sm">
          <Link href={`/projects/${project.projectId}`} data-testid="active-run-link">
            {live ? t('activeRuns.openRunning') : t('activeRuns.open')}
          </Link>
        </Button>
      </div>
    </li>
  );
}
