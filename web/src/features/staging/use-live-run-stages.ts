import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ActiveRunProject, RunStage } from '@contract/staging-runs';
import { activeRunsQueryOptions } from './api/get-active-runs';
import { followRun } from './run-events';

/**
 * Follows the live runs of the listed projects over their Server-Sent Events (decision 022): the
 * latest step per run, and when one settles the list and the project list are read again, so a
 * reloaded page sees the run finish without waiting for the next poll.
 */
export function useLiveRunStages(
  projects: ActiveRunProject[] | undefined,
): Record<string, RunStage | 'queued'> {
  const queryClient = useQueryClient();
  const [stages, setStages] = useState<Record<string, RunStage | 'queued'>>({});
  const followed = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const live = new Set((projects ?? []).flatMap((p) => p.live.map((run) => run.runId)));
    for (const [runId, controller] of followed.current) {
      if (!live.has(runId)) {
        controller.abort();
        followed.current.delete(runId);
      }
    }
    for (const project of projects ?? []) {
      for (const run of project.live) {
        if (followed.current.has(run.runId)) continue;
        const controller = new AbortController();
        followed.current.set(run.runId, controller);
        const step = (stage: RunStage | 'queued') =>
          setStages((s) => (s[run.runId] === stage ? s : { ...s, [run.runId]: stage }));
        followRun(
          run.eventsUrl,
          (event) => step(event.event === 'stage' ? event.data.stage : 'queued'),
          controller.signal,
        )
          .catch(() => {})
          .finally(() => {
            if (controller.signal.aborted) return;
            void queryClient.invalidateQueries({ queryKey: activeRunsQueryOptions().queryKey });
            void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
          });
      }
    }
  }, [projects, queryClient]);

  useEffect(() => {
    const all = followed.current;
    return () => {
      for (const controller of all.values()) controller.abort();
      all.clear();
    };
  }, []);
  return stages;
}
