import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';

/** Queries of the projects feature. Every read is scoped to the owner. */
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectImageRow = typeof projectImages.$inferSelect;

export async function insertProject(db: Database, userId: string, input: { title: string; category: ProjectRow['category'] }): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values({ userId, title: input.title, category: input.category }).returning();
  return row!;
}

export async function listProjects(db: Database, userId: string, limit = 500): Promise<ProjectRow[]> {
  return db.select().from(projects).where(eq(projects.userId, userId)).orderBy(desc(projects.createdAt), desc(projects.id)).limit(limit);
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
