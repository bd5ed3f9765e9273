import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectDetailResponse } from '@contract/projects';
import { DEFAULT_STYLE } from '@contract/styles';
import { toast } from '@/components/ui/toast-store';
import { USER_QUERY_KEY } from '@/lib/auth';
import { PROJECTS_QUERY_KEY } from './api/get-projects';
import { RestageError, restageImage } from './api/restage-image';
import type { ImagePair } from './image-pairs';

export interface StyleChoice {
  styleName: string;
  styleDescription: string;
}

/**
 * Re-Stage for real (the spec's original only logged): 'Re-Staging Started', then the staging call
 * with isRegeneration:true and the project's settings (or a new style from Edit), then success or
 * 'Re-Staging Failed'. A spinner per original while it runs.
 */
export function useRestage(project: ProjectDetailResponse | undefined) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const restage = useCallback(
    async (pair: ImagePair, style?: StyleChoice) => {
      if (!project) return;
      const id = pair.original.id;
      setPending((s) => new Set(s).add(id));
      toast({ title: t('detail.restageStarted'), description: t('detail.restageStartedText') });
      try {
        await restageImage({
          projectId: project.id,
          category: project.category,
          originalPath: pair.original.filePath,
          styleName: style?.styleName ?? project.styleName ?? DEFAULT_STYLE.styleName,
          styleDescription: style?.styleDescription ?? project.styleDescription ?? (project.styleName ? '' : DEFAULT_STYLE.styleDescription),
        });
        toast({ title: t('detail.restageDone'), description: t('detail.restageDoneText'), variant: 'success' });
      } catch (error) {
        // The geometry lock refused the AI's result twice: say what happened, not just "failed".
        const roomChanged = error instanceof RestageError && error.code === 'structure_changed';
        toast({
          title: t(roomChanged ? 'detail.structureChanged' : 'detail.restageFailed'),
          description: t(roomChanged ? 'detail.structureChangedText' : 'detail.restageFailedText'),
          variant: 'destructive',
        });
      } finally {
        setPending((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
        await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    },
    [project, queryClient, t],
  );

  return { restage, isRestaging: (pair: ImagePair) => pending.has(pair.original.id) };
}
