import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetailResponse } from '@contract/projects';
import { VariationPicker } from '@/components/variation-picker';
import { useTranslation } from '@/i18n/i18n';
import { projectDetailQueryOptions } from '../api/get-project-images';
import { objectUrl } from '../object-url';
import type { ResultItem } from './result-detail-dialog';

/** The stored project behind the result screen (variations and which one is in use). */
export function useResultProject(projectId: string) {
  return useQuery(projectDetailQueryOptions(projectId));
}

/** Result items showing the chosen variation: a staged path that is one of a photo's variations becomes the one in use. */
export function withChosenVariations(
  items: ResultItem[],
  project: ProjectDetailResponse | undefined,
): ResultItem[] {
  if (!project) return items;
  return items.map((item) => {
    const staged = project.images.find((image) =>
      image.variations?.some((v) => v.filePath === item.stagedPath),
    );
    if (!staged || staged.filePath === item.stagedPath) return item;
    const thumb = objectUrl(staged.thumbnailPath ?? staged.filePath);
    return {
      ...item,
      stagedPath: staged.filePath,
      stagedFull: objectUrl(staged.filePath),
      stagedThumb: thumb,
    };
  });
}

/** Under the results: a picker per photo staged with several variations (decision 025). */
export function ResultVariations({ projectId, items }: { projectId: string; items: ResultItem[] }) {
  const { t } = useTranslation('staging');
  const queryClient = useQueryClient();
  const { data: project } = useResultProject(projectId);
  if (!project) return null;
  const pickers = items.flatMap((item) => {
    const staged = project.images.find(
      (image) =>
        !image.isOriginal &&
        image.filePath === item.stagedPath &&
        (image.variations?.length ?? 0) > 1,
    );
    return staged ? [{ item, staged }] : [];
  });
  if (!pickers.length) return null;
  return (
    <div className="mt-10 grid gap-5" data-testid="result-variations">
      {pickers.map(({ item, staged }) => (
        <VariationPicker
          key={staged.id}
          projectId={projectId}
          staged={staged}
          title={t('result.imageTitle', { n: item.index + 1 })}
          onChosen={() =>
            void queryClient.invalidateQueries({
              queryKey: projectDetailQueryOptions(projectId).queryKey,
            })
          }
        />
      ))}
    </div>
  );
}
