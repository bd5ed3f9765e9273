import type { ProjectDetailResponse, ProjectImage, ProjectListItem } from '@contract/projects';
import { testImage } from '@/test/fetch-mock';

export const PROJECT_ID = '33333333-3333-4333-8333-333333333333';

export function image(overrides: Partial<ProjectImage> & { id: string }): ProjectImage {
  return testImage({
    filePath: `/users/u/projects/${PROJECT_ID}/${overrides.id}.jpg`,
    thumbnailPath: `/users/u/projects/${PROJECT_ID}/${overrides.id}.thumb.webp`,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  });
}

/** A project with `pairs` originals; every original but the ones listed in `unstaged` has a staged image. */
export function projectDetail(pairs = 3, unstaged: number[] = [], overrides: Partial<ProjectDetailResponse> = {}): ProjectDetailResponse {
  const images: ProjectImage[] = [];
  for (let i = 1; i <= pairs; i++) {
    images.push(image({ id: `o${i}`, createdAt: `2026-11-20T09:3${i}:00.000Z` }));
    if (!unstaged.includes(i)) {
      images.push(image({ id: `s${i}`, isOriginal: false, originalImageId: `o${i}`, geometryLock: { alignmentErrorPx: 0.62, changedShare: 0.18, architectureScore: 1, structureSupport: 140, seam: 0.4, changeMaskPath: `/users/u/projects/${PROJECT_ID}/s${i}.changes.png` }, engine: 'offline', createdAt: `2026-11-20T09:4${i}:00.000Z` }));
    }
  }
  return {
    id: PROJECT_ID,
    title: 'Lindenstraße 14',
    category: 'virtual_staging',
    status: unstaged.length === 0 ? 'completed' : unstaged.length < pairs ? 'partial' : 'failed',
    counts: { photos: pairs, staged: pairs - unstaged.length },
    createdAt: '2026-11-20T09:30:00.000Z',
    styleName: 'Scandinavian',
    styleDescription: 'Light wood, soft textiles and an airy, uncluttered feel.',
    instructions: null,
    imagesExpireAt: '2026-12-20T09:45:00.000Z',
    imagesExpired: false,
    images,
    ...overrides,
  };
}

export function listItem(overrides: Partial<ProjectListItem> & { id: string; title: string }): ProjectListItem {
  return {
    category: 'virtual_staging',
    status: 'completed',
    counts: { photos: 1, staged: 1 },
    createdAt: '2026-11-20T09:30:00.000Z',
    originalImagePath: `/users/u/projects/${overrides.id}/o.jpg`,
    processedImagePath: `/users/u/projects/${overrides.id}/s.jpg`,
    originalThumbnailPath: `/users/u/projects/${overrides.id}/o.thumb.webp`,
    processedThumbnailPath: `/users/u/projects/${overrides.id}/s.thumb.webp`,
    processedEngine: 'openai:gpt-image-1.5',
    imagesExpireAt: null,
    imagesExpired: false,
    ...overrides,
  };
}
