import { and, count, desc, eq, sql } from 'drizzle-orm';
import { PROJECT_PAGE_SIZE, type ProjectListQuery, type ProjectPageResponse } from '../../../contract/project-pages.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../objects/object-keys.js';
import { projectListColumns } from './repository.js';
import { toListItem } from './service.js';

/**
 * One page of a workspace's projects by keyset (created_at desc, id desc; index projects_user_created_idx).
 * The cursor holds the last row's exact created_at (PostgreSQL text, microseconds) and id, so
 * projects added between fetches come before page one and never shift or repeat a later page.
 */
export async function projectPage(db: Database, workspaceId: string, retentionDays: number, query: ProjectListQuery): Promise<ProjectPageResponse> {
  const limit = query.limit ?? PROJECT_PAGE_SIZE;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = await db
    .select({ ...projectListColumns, createdAtKey: sql<string>`${projects.createdAt}::text` })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), after ? sql`(${projects.createdAt}, ${projects.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(last.createdAtKey, last.id) : null;
  const total = after ? undefined : ((await db.select({ n: count() }).from(projects).where(eq(projects.workspaceId, workspaceId)))[0]?.n ?? 0);
  return { items: page.map((row) => toListItem(row, retentionDays)), nextCursor, ...(total === undefined ? {} : { total }) };
}

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** PostgreSQL's text form of a timestamptz, as encodeCursor wrote it (nothing else reaches `::timestamptz`). */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' && isUuid(value[1]) && PG_TIMESTAMP.test(value[0]) && !Number.isNaN(Date.parse(value[0]))) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    /* fall through */
  }
  throw AppError.badRequest('The page cursor is not valid.');
}
