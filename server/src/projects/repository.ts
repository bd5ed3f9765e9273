import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { imageVariations, projectImages, projects } from '../db/schema/projects.js';
import { memberProjects } from '../workspaces/access.js';

/** Queries of the projects feature. Every read is scoped to a workspace the caller is a member of (decision 041). */
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectImageRow = typeof projectImages.$inferSelect;

export async function insertProject(db: Database, userId: string, workspaceId: string, input: { title: string; category: ProjectRow['category'] }): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values({ userId, workspaceId, title: input.title, category: input.category }).returning();
  return row!;
}

/**
 * The project list (GET /api/projects) from the projects rows alone: each row carries its cover (the
 * first original and that original's latest staged image), kept by a trigger on project_images
 * (decision 012). It runs on every dashboard visit, so it is a named prepared statement: built once
 * per database handle, planned once per connection.
 */
export type ProjectListRow = Awaited<ReturnType<ReturnType<typeof prepareProjectList>['execute']>>[number];

const projectListQueries = new WeakMap<Database, ReturnType<typeof prepareProjectList>>();

/** The columns a list entry is made of (the list and its keyset pages, project-pages.ts). */
export const projectListColumns = {
  id: projects.id,
  title: projects.title,
  category: projects.category,
  status: projects.status,
  createdAt: projects.createdAt,
  completedAt: projects.completedAt,
  imagesExpiredAt: projects.imagesExpiredAt,
  originalImagePath: projects.coverOriginalPath,
  originalThumbnailPath: projects.coverOriginalThumbnailPath,
  processedImagePath: projects.coverProcessedPath,
  processedThumbnailPath: projects.coverProcessedThumbnailPath,
  /** Photos (originals) and those with a staged image ("2 of 3 staged", ADR 051). */
  photos: sql<number>`(SELECT count(*)::int FROM "project_images" o WHERE o."project_id" = "projects"."id" AND o."is_original")`,
  staged: sql<number>`(SELECT count(*)::int FROM "project_images" o WHERE o."project_id" = "projects"."id" AND o."is_original" AND EXISTS (SELECT 1 FROM "project_images" s WHERE s."original_image_id" = o."id" AND NOT s."is_original"))`,
  /** The engine of the cover's staged image (the list marks preview-engine results). */
  processedEngine: sql<string | null>`(SELECT i."engine" FROM "project_images" i WHERE i."project_id" = "projects"."id" AND i."file_path" = "projects"."cover_processed_path" LIMIT 1)`,
};

function prepareProjectList(db: Database) {
  return db
    .select(projectListColumns)
    .from(projects)
    .where(eq(projects.workspaceId, sql.placeholder('workspaceId')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder('limit'))
    .prepare('project_list');
}

export async function listProjects(db: Database, workspaceId: string, limit = 500): Promise<ProjectListRow[]> {
  let query = projectListQueries.get(db);
  if (!query) projectListQueries.set(db, (query = prepareProjectList(db)));
  return query.execute({ workspaceId, limit });
}

export async function findProject(db: Database, userId: string, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), memberProjects(db, userId)))
    .limit(1);
  return row ?? null;
}

/** Images of some projects, oldest first (originals in upload order). */
export async function imagesOf(db: Database, projectIds: string[]): Promise<ProjectImageRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .select()
    .from(projectImages)
    .where(inArray(projectImages.projectId, projectIds))
    .orderBy(asc(projectImages.createdAt), asc(projectImages.id));
}

/** The variations of a project's staged images (decision 025), in order per original. */
export async function variationsOfProject(db: Database, projectId: string) {
  return db
    .select({ id: imageVariations.id, originalImageId: imageVariations.originalImageId, filePath: imageVariations.filePath, thumbnailPath: imageVariations.thumbnailPath })
    .from(imageVariations)
    .where(eq(imageVariations.projectId, projectId))
    .orderBy(asc(imageVariations.originalImageId), asc(imageVariations.position));
}
