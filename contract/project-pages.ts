import { z } from 'zod';
import { projectListItem } from './projects.js';
import { opaqueToken } from './text.js';

/**
 * GET /api/projects?limit=&cursor= (keyset pages, newest first). Without both parameters the call
 * answers the spec's plain array; with either, a page. `cursor` is opaque: the previous page's
 * `nextCursor`, null on the last page. `total` comes with the first page only.
 */
export const PROJECT_PAGE_SIZE = 24;
export const PROJECT_PAGE_MAX = 100;

export const projectListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PROJECT_PAGE_MAX).optional(),
  cursor: opaqueToken(200).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const projectPageResponse = z.object({
  items: z.array(projectListItem),
  nextCursor: z.string().nullable(),
  total: z.number().int().optional(),
});
export type ProjectPageResponse = z.infer<typeof projectPageResponse>;
