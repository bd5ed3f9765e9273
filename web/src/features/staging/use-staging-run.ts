import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { toast } from '@/components/ui/toast-store';
import { USER_QUERY_KEY } from '@/lib/auth';
import { addSessionProject, type SessionProject } from './session-projects';
import { progressAt, type StagingProgress } from './staging-progress';
import { useSignInAgain } from '@/lib/session-expiry';
import {
  runStaging,
  StagingError,
  type ImageFailure,
  type StagingFailure,
  type StagingOutcome,
  type StagingRequest,
  type StagingResume,
} from './staging-run';

export type StagingRunState =
  | { status: 'idle' }
  | { status: 'processing'; progress: StagingProgress }
  | { status: 'complete'; outcome: StagingOutcome; session: SessionProject }
  | { status: 'error'; failure: StagingFailure };

export interface ImageMeta {
  qualityWarning: boolean;
  width: number | null;
  height: number | null;
}

/**
 * Pairs each result with its stored original (via the staged image's originalImageId); a failed
 * photo keeps its place with `stagedPath: null` and why it failed.
 */
export function toSessionProject(
  outcome: StagingOutcome,
  request: StagingRequest,
  meta: ImageMeta[],
): SessionProject {
  const images = outcome.project?.images ?? [];
  const settled = [...outcome.images, ...outcome.failed].sort((a, b) => a.index - b.index);
  return {
    id: outcome.projectId,
    name: request.title.trim(),
    createdAt: outcome.project?.createdAt ?? new Date().toISOString(),
    styleGuide: { styleName: request.styleName, styleDescription: request.styleDescription },
    instructions: request.instructions?.trim() || undefined,
    images: settled.map((result) => {
      const delivered = 'processedImagePath' in result ? result : null;
      const staged = delivered
        ? images.find(
            (i) =>
              !i.isOriginal &&
              (i.id === delivered.imageId || i.filePath === delivered.processedImagePath),
          )
        : undefined;
      const original = staged?.originalImageId
        ? images.find((i) => i.id === staged.originalImageId)
        : undefined;
      const info = meta[result.index];
      return {
        originalPath: original?.filePath ?? null,
        originalThumbnailPath: original?.thumbnailPath ?? null,
        sourcePath: original ? `/objects${original.filePath}` : result.objectPath,
        type: result.file.type,
        qualityWarning: info?.qualityWarning ?? false,
        width: original?.width ?? info?.width ?? null,
        height: original?.height ?? info?.height ?? null,
        stagedPath: delivered?.processedImagePath ?? null,
        stagedThumbnailPath: staged?.thumbnailPath ?? null,
        ...request.rooms?.[result.index],
        ...('failure' in result ? { failure: withoutResume(result.failure) } : {}),
      };
    }),
  };
}

function withoutResume(failure: ImageFailure): ImageFailure {
  if (failure.kind !== 'image') return failure;
  const { resume: _resume, ...rest } = failure;
  return rest;
}

/**
 * Runs a staging request and exposes its state for the progress overlay and the result view.
 * Credits changed either way, so the user and the project list are refetched after every run.
 */
export function useStagingRun() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('staging');
  const [state, setState] = useState<StagingRunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const last = useRef<{ request: StagingRequest; meta: ImageMeta[] } | null>(null);
  const signInAgain = useSignInAgain();

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: StagingRequest, meta: ImageMeta[], resume?: StagingResume) => {
      last.current = { request, meta };
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ status: 'processing', progress: progressAt.start(request.files.length) });
      try {
        const outcome = await runStaging(
          request,
          (progress) => !own.signal.aborted && setState({ status: 'processing', progress }),
          own.signal,
          resume,
        );
        if (own.signal.aborted) return;
        // The images are staged either way; without the stored project the originals are the local previews.
        if (!outcome.project)
          toast({
            title: t('errors.projectData'),
            description: t('errors.projectDataText'),
            variant: 'destructive',
          });
        const session = toSessionProject(outcome, request, meta);
        addSessionProject(session);
        setState({ status: 'complete', outcome, session });
      } catch (error) {
        if (own.signal.aborted) return;
        const failure: StagingFailure =
          error instanceof StagingError ? error.failure : { kind: 'generic' };
        if (failure.kind === 'loggedOut') signInAgain();
        setState({ status: 'error', failure });
      } finally {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/staging-runs'] });
      }
    },
    [queryClient, signInAgain, t],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  /** Runs the failed request again in its project (same uploads); photos already staged are not charged again. */
  const retry = useCallback(() => {
    if (
      state.status !== 'error' ||
      state.failure.kind !== 'image' ||
      !state.failure.resume ||
      !last.current
    )
      return;
    void start(last.current.request, last.current.meta, state.failure.resume);
  }, [state, start]);
  // An error state only follows a start(), so the request to repeat is always there.
  const canRetry =
    state.status === 'error' && state.failure.kind === 'image' && Boolean(state.failure.resume);

  /**
   * A partial run's "Retry failed images": only the failed photos, in the same project, from their
   * uploads; the delivered ones are kept (and not charged again).
   */
  const retryFailed = useCallback(() => {
    if (
      state.status !== 'complete' ||
      !state.outcome.failed.some((f) => f.objectPath) ||
      !last.current
    )
      return;
    const { outcome } = state;
    void start(last.current.request, last.current.meta, {
      projectId: outcome.projectId,
      objectPaths: outcome.objectPaths,
      // Photos that never uploaded cannot be staged from an upload: they are picked again instead.
      only: outcome.failed.filter((f) => f.objectPath).map((f) => f.index),
      staged: outcome.images,
    });
  }, [state, start]);
  return { state, start, reset, retry, canRetry, retryFailed };
}
