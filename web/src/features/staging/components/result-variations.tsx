import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetailResponse } from '@contract/projects';
import { VariationPickerList } from '@/components/variation-picker';
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
  const queryClient = useQueryClient();
  const { data: project } = useResultProject(projectId);
  if (!project) return null;
  const entries = items.flatMap((item) => {
    const staged = project.images.find(
      (image) => !image.isOriginal && image.filePath === item.stagedPath,
    );
    return staged ? [{ staged, title: item.title }] : [];
  });
  return (
    <VariationPickerList
      projectId={projectId}
      entries={entries}
      onChosen={() =>
        void queryClient.invalidateQueries({
          queryKey: projectDetailQueryOptions(projectId).queryKey,
        })
      }
      data-testid="result-variations"
    />
  );
}
