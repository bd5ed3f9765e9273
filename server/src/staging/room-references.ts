import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projectImages } from '../db/schema/projects.js';
import type { ObjectStorage } from '../objects/storage.js';
import type { ReferenceImage, ReferenceKind } from './engines/engine.js';
import { stagedImageOf, type ImageRow } from './runs/runs.js';

/**
 * Same room, same furniture (decision 025). A later photo of a room group gets the group's first
 * accepted result as a reference image ("same pieces, materials and palette"); a photo of another
 * room of the project gets the project's first accepted result ("same palette and materials, not the
 * pieces"). "First accepted" = the earliest original of the group (or project) that has a staged
 * image; its current staged image (the chosen variation) is what is sent.
 */
export async function referenceFor(db: Database, storage: ObjectStorage, original: ImageRow): Promise<ReferenceImage | null> {
  const others = await db
    .select()
    .from(projectImages)
    .where(and(eq(projectImages.projectId, original.projectId), eq(projectImages.isOriginal, true), ne(projectImages.id, original.id)))
    .orderBy(asc(projectImages.createdAt), asc(projectImages.id));
  const sameRoom = original.roomGroup ? others.filter((o) => o.roomGroup === original.roomGroup) : [];
  const otherRooms = others.filter((o) => !original.roomGroup || o.roomGroup !== original.roomGroup);
  return (await firstStaged(db, storage, sameRoom, 'same_room')) ?? (await firstStaged(db, storage, otherRooms, 'same_palette'));
}

async function firstStaged(db: Database, storage: ObjectStorage, originals: ImageRow[], kind: ReferenceKind): Promise<ReferenceImage | null> {
  for (const original of originals) {
    const staged = await stagedImageOf(db, original.id);
    if (!staged) continue;
    const image = await storage.read(staged.filePath.slice(1));
    if (image) return { image, mimeType: staged.mimeType, kind };
  }
  return null;
}

/** The group a photo belongs to; a photo without one is its own room. */
export function groupSeed(original: Pick<ImageRow, 'projectId' | 'roomGroup' | 'id'>): string {
  return `${original.projectId}:${original.roomGroup ?? original.id}`;
}
