import { and, eq, sql } from 'drizzle-orm';
import type { CreateProjectRequest, ProjectDetailResponse, ProjectImage, ProjectListItem } from '../../../contract/projects.js';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import { isUuid, projectPrefix } from '../objects/object-keys.js';
import type { ObjectStorage } from '../objects/storage.js';
import { findProject, imagesOf, insertProject, listProjects, variationsOfProject, type ProjectImageRow, type ProjectListRow } from './repository.js';
import { ROOM_TYPES } from '../../../contract/listing.js';
import { freeRestagesOf } from '../staging/free-restages.js';
import { memberProjects, projectWorkspaceAccess, requirePermission } from '../workspaces/access.js';

/** Projects as spec §7 shows them; another user's project is indistinguishable from a missing one. */
const notFound = () => AppError.notFound('Project not found');

export async function createProject(db: Database, userId: string, workspaceId: string, input: CreateProjectRequest): Promise<{ id: string }> {
  const row = await insertProject(db, userId, workspaceId, input);
  return { id: row.id };
}

export async function projectList(db: Database, workspaceId: string, retentionDays: number): Promise<ProjectListItem[]> {
  // Each row already carries its cover: the first original and its latest staged image (repository.ts).
  return (await listProjects(db, workspaceId)).map((project) => toListItem(project, retentionDays));
}

type ListRow = Pick<ProjectListRow, 'id' | 'title' | 'category' | 'status' | 'photos' | 'staged' | 'createdAt' | 'completedAt' | 'imagesExpiredAt' | 'originalImagePath' | 'processedImagePath' | 'originalThumbnailPath' | 'processedThumbnailPath'> & {
  processedEngine?: string | null;
};

/** A projects row (with its cover columns) as the list shows it. */
export function toListItem(project: ListRow, retentionDays: number): ProjectListItem {
  return {
    id: project.id,
    title: project.title,
    category: project.category,
    status: project.status,
    counts: { photos: project.photos, staged: project.staged },
    createdAt: project.createdAt.toISOString(),
    originalImagePath: project.originalImagePath,
    processedImagePath: project.processedImagePath,
    originalThumbnailPath: project.originalThumbnailPath,
    processedThumbnailPath: project.processedThumbnailPath,
    processedEngine: project.processedEngine ?? null,
    ...retention(project, retentionDays),
  };
}

export async function projectDetail(db: Database, userId: string, projectId: string, retentionDays: number): Promise<ProjectDetailResponse> {
  const project = isUuid(projectId) ? await findProject(db, userId, projectId) : null;
  if (!project) throw notFound();
  const [images, variations] = await Promise.all([imagesOf(db, [project.id]), variationsOfProject(db, project.id)]);
  const freeRestages = await freeRestagesOf(db, project.workspaceId, images.filter((i) => i.isOriginal).map((i) => i.id));
  return {
    id: project.id,
    title: project.title,
    category: project.category,
    status: project.status,
    counts: photoCounts(images),
    createdAt: project.createdAt.toISOString(),
    styleName: project.styleName,
    styleDescription: project.styleDescription,
    instructions: project.instructions,
    ...retention(project, retentionDays),
    images: images.map((image) => {
      const own = image.isOriginal ? [] : variations.filter((v) => v.originalImageId === image.originalImageId);
      return {
        ...toProjectImage(image),
        ...(image.isOriginal ? { freeRestagesLeft: freeRestages.get(image.id) ?? 0 } : {}),
        variations: own.map((v) => ({ id: v.id, filePath: v.filePath, thumbnailPath: v.thumbnailPath, chosen: v.filePath === image.filePath })),
      };
    }),
  };
}

/** Photos of a project and how many of them have a staged image (the list counts the same in SQL, repository.ts). */
function photoCounts(images: ProjectImageRow[]): { photos: number; staged: number } {
  const stagedOf = new Set(images.filter((i) => !i.isOriginal).map((i) => i.originalImageId));
  const originals = images.filter((i) => i.isOriginal);
  return { photos: originals.length, staged: originals.filter((o) => stagedOf.has(o.id)).length };
}

/**
 * Deletes the project, its rows and every stored file (stored under its creator's prefix). Any
 * member may delete a project they created; others' projects need `projects.delete_any` (403). `beforeDelete` (wired to staging: credits of
 * runs still reserved are refunded) runs in the same transaction; a job finishing later finds its
 * run gone and discards its result.
 */
export type BeforeProjectDelete = (tx: Pick<Database, 'execute'>, projectId: string) => Promise<unknown>;

export async function deleteProject(
  db: Database,
  storage: ObjectStorage,
  beforeDelete: BeforeProjectDelete | undefined,
  userId: string,
  projectId: string,
): Promise<{ deletedFiles: number }> {
  if (!isUuid(projectId)) throw notFound();
  const deleted = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: projects.id, creatorId: projects.userId })
      .from(projects)
      .where(and(eq(projects.id, projectId), memberProjects(tx, userId)))
      .for('update');
    if (!locked) throw notFound();
    if (locked.creatorId !== userId) {
      const found = await projectWorkspaceAccess(tx, userId, projectId);
      if (!found) throw notFound();
      requirePermission(found.access, 'projects.delete_any');
    }
    await beforeDelete?.(tx, projectId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(projectImages)
      .where(eq(projectImages.projectId, projectId));
    await tx.delete(projects).where(eq(projects.id, projectId));
    return { n: count?.n ?? 0, creatorId: locked.creatorId };
  });
  await storage.deletePrefix(projectPrefix(deleted.creatorId, projectId));
  return { deletedFiles: deleted.n };
}

function toProjectImage(image: ProjectImageRow): ProjectImage {
  return {
    id: image.id,
    filePath: image.filePath,
    thumbnailPath: image.thumbnailPath,
    isOriginal: image.isOriginal,
    mimeType: image.mimeType,
    originalImageId: image.originalImageId,
    width: image.width,
    height: image.height,
    geometryLock: geometryLockOf(image),
    engine: image.engine,
    createdAt: image.createdAt.toISOString(),
    roomType: image.isOriginal ? (ROOM_TYPES.find((r) => r === image.roomType) ?? null) : null,
    roomGroup: image.isOriginal ? image.roomGroup : null,
    ...(image.isOriginal && image.renovation ? { renovation: image.renovation } : {}),
  };
}

/** A staged image's lock figures; originals (and rows from before the lock) have none. */
function geometryLockOf(image: ProjectImageRow): ProjectImage['geometryLock'] {
  if (image.isOriginal || image.alignmentErrorPx === null || image.changedShare === null || image.architectureScore === null) return null;
  return {
    alignmentErrorPx: image.alignmentErrorPx,
    changedShare: image.changedShare,
    architectureScore: image.architectureScore,
    structureSupport: image.structureSupport,
    seam: image.seam,
    changeMaskPath: image.changeMaskPath,
  };
}

/** Images are deleted RETENTION_DAYS after completion (0: kept); the retention job sets imagesExpiredAt. */
function retention(project: { completedAt: Date | null; imagesExpiredAt: Date | null }, retentionDays: number): { imagesExpireAt: string | null; imagesExpired: boolean } {
  const expireAt =
    project.completedAt && retentionDays > 0 ? new Date(project.completedAt.getTime() + retentionDays * 86_400_000).toISOString() : null;
  return { imagesExpireAt: project.imagesExpiredAt ? project.imagesExpiredAt.toISOString() : expireAt, imagesExpired: project.imagesExpiredAt !== null };
}
