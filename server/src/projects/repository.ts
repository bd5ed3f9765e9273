import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';

/** Queries of the projects feature. Every read is scoped to the owner. */
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectImageRow = typeof projectImages.$inferSelect;

export async function insertProject(db: Database, userId: string, input: { title: string; category: ProjectRow['category'] }): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values({ userId, title: input.title, category: input.category }).returning();
  return row!;
}

/**
 * The project list (GET /api/projects) in one statement: each project with its first original
 * (upload order) and that original's latest staged image, picked by two lateral subqueries, so only
 * the columns the list shows cross the wire. It runs on every dashboard visit, so it is a named
 * prepared statement: built once per database handle, planned once per connection.
 */
export type ProjectListRow = Awaited<ReturnType<ReturnType<typeof prepareProjectList>['execute']>>[number];

const projectListQueries = new WeakMap<Database, ReturnType<typeof prepareProjectList>>();
const staged = alias(projectImages, 'staged');

function prepareProjectList(db: Database) {
  const original = db
    .select({ id: projectImages.id, filePath: projectImages.filePath, thumbnailPath: projectImages.thumbnailPath })
    .from(projectImages)
    .where(and(eq(projectImages.projectId, projects.id), eq(projectImages.isOriginal, true)))
    .orderBy(asc(projectImages.createdAt), asc(projectImages.id))
    .limit(1)
    .as('original');
  const result = db
    .select({ filePath: staged.filePath, thumbnailPath: staged.thumbnailPath })
    .from(staged)
    .where(and(eq(staged.originalImageId, original.id), eq(staged.isOriginal, false)))
    .orderBy(desc(staged.createdAt), desc(staged.id))
    .limit(1)
    .as('result');
  return db
    .select({
      id: projects.id,
      title: projects.title,
      category: projects.category,
      status: projects.status,
      createdAt: projects.createdAt,
      completedAt: projects.completedAt,
      imagesExpiredAt: projects.imagesExpiredAt,
      originalImagePath: original.filePath,
      originalThumbnailPath: original.thumbnailPath,
      processedImagePath: result.filePath,
      processedThumbnailPath: result.thumbnailPath,
    })
    .from(projects)
    .leftJoinLateral(original, sql`true`)
    .leftJoinLateral(result, sql`true`)
    .where(eq(projects.userId, sql.placeholder('userId')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder('limit'))
    .prepare('project_list');
}

export async function listProjects(db: Database, userId: string, limit = 500): Promise<ProjectListRow[]> {
  let query = projectListQueries.get(db);
  if (!query) projectListQueries.set(db, (query = prepareProjectList(db)));
  return query.execute({ userId, limit });
}

export async function findProject(db: Database, userId: string, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
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
