import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';
import type { ParsedKey } from './object-keys.js';

/**
 * The file name of a download: `<project title>-staged-<n>.jpg` (or `-original-<n>`), n counting the
 * project's originals in upload order. Returned as an ASCII fallback and the full UTF-8 name.
 */
export async function downloadFileName(db: Database, parsed: ParsedKey): Promise<{ ascii: string; utf8: string }> {
  const extension = parsed.isThumbnail ? 'webp' : (parsed.key.split('.').pop() ?? 'jpg');
  const fallback = { ascii: `raumwerk-image.${extension}`, utf8: `raumwerk-image.${extension}` };
  if (parsed.kind !== 'project') return fallback;
  const filePath = `/${parsed.key}`;
  const [row] = await db
    .select({ image: projectImages, title: projects.title })
    .from(projectImages)
    .innerJoin(projects, eq(projects.id, projectImages.projectId))
    .where(or(eq(projectImages.filePath, filePath), eq(projectImages.thumbnailPath, filePath)))
    .limit(1);
  if (!row) return fallback;
  const originalId = row.image.isOriginal ? row.image.id : row.image.originalImageId;
  const originals = await db
    .select({ id: projectImages.id })
    .from(projectImages)
    .where(and(eq(projectImages.projectId, row.image.projectId), eq(projectImages.isOriginal, true)))
    .orderBy(asc(projectImages.createdAt), asc(projectImages.id));
  const n = Math.max(1, originals.findIndex((o) => o.id === originalId) + 1);
  const name = `${row.image.isOriginal ? 'original' : 'staged'}-${n}${parsed.isThumbnail ? '-thumbnail' : ''}.${extension}`;
  const title = row.title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  const ascii = asciiName(title);
  return { ascii: `${ascii ? `${ascii}-` : ''}${name}`, utf8: `${title ? `${title}-` : ''}${name}` };
}

/** Whether the object is a staged result (not an original) of a project. */
export async function isStagedImage(db: Database, parsed: ParsedKey): Promise<boolean> {
  if (parsed.kind !== 'project') return false;
  const [row] = await db
    .select({ isOriginal: projectImages.isOriginal })
    .from(projectImages)
    .where(eq(projectImages.filePath, `/${parsed.key}`))
    .limit(1);
  return row !== undefined && !row.isOriginal;
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** ASCII for file names: umlauts spelled out, accents dropped, anything else a hyphen. */
export function asciiName(title: string): string {
  return title
    .replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function contentDisposition(name: { ascii: string; utf8: string }): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`;
}
