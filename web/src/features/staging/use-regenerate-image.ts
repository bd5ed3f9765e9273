import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { getProjectDetail } from './api/get-project-images';
import { processImage } from './api/process-image';
import { objectUrl } from './object-url';
import { updateSessionImage, type SessionProject } from './session-projects';
import { serverReason } from './staging-messages';

const keyOf = (projectId: string, index: number) => `${projectId}:${index}`;

/**
 * Spec §4 regeneration on the dashboard: POST /api/process-image with isRegeneration:true; a
 * spinner per image while it runs, then the staged image is replaced ('Failed to regenerate
 * image' otherwise). One credit, like any staging.
 */
export function useRegenerateImage() {
  const { t, i18n } = useTranslation('staging');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const regenerate = useCallback(
    async (project: SessionProject, index: number) => {
      const image = project.images[index];
      const key = keyOf(project.id, index);
      if (!image) return;
      setPending((current) => new Set(current).add(key));
      try {
        const reply = await processImage({
          imageURL: image.originalPath ? objectUrl(image.originalPath) : image.sourcePath,
          category: 'virtual_staging',
          projectId: project.id,
          styleName: project.styleGuide.styleName,
          styleDescription: project.styleGuide.styleDescription,
          ...(project.instructions ? { instructions: project.instructions } : {}),
          isRegeneration: true,
        });
        if (!reply.success) throw new Error(reply.error);
        if (!reply.processedImagePath) throw new Error(t('errors.noProcessedPath'));
        const stored = await getProjectDetail(project.id).catch(() => null);
        const staged = stored?.images.find(
          (i) => i.id === reply.imageId || i.filePath === reply.processedImagePath,
        );
        const original = staged?.originalImageId
          ? stored?.images.find((i) => i.id === staged.originalImageId)
          : undefined;
        updateSessionImage(project.id, index, {
          stagedPath: reply.processedImagePath,
          stagedThumbnailPath: staged?.thumbnailPath ?? null,
          ...(original
            ? { originalPath: original.filePath, originalThumbnailPath: original.thumbnailPath }
            : {}),
        });
        toast({
          title: t('dashboard.regenerated'),
          description: t('dashboard.regeneratedText'),
          variant: 'success',
        });
      } catch (error) {
        let description: string | undefined;
        if (error instanceof ApiError) {
          const body = error.body as { error?: string; message?: string; code?: string } | null;
          description = serverReason(
            t,
            i18n.language,
            body?.error ?? body?.message ?? null,
            body?.code,
          );
        } else if (error instanceof Error && error.message) {
          description = error.message;
        }
        toast({ title: t('dashboard.regenerateFailed'), description, variant: 'destructive' });
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
      }
    },
    [i18n.language, queryClient, t],
  );

  return {
    regenerate,
    isRegenerating: (projectId: string, index: number) => pending.has(keyOf(projectId, index)),
  };
}
