import { randomUUID } from 'node:crypto';

/**
 * The grammar of object keys. Every stored object lives under `users/<userId>/`:
 *   users/<userId>/uploads/<uuid>                              an upload (raw on s3, normalised on local)
 *   users/<userId>/uploads/<uuid>.thumb.webp                   its thumbnail (local driver)
 *   users/<userId>/projects/<projectId>/<uuid>.<jpg|png|webp>  a project image
 *   users/<userId>/projects/<projectId>/<uuid>.thumb.webp      its thumbnail
 *   users/<userId>/projects/<projectId>/<uuid>.changes.png     a staged image's change mask (geometry lock)
 * Anything a client sends is matched against this whitelist, so `..`, absolute paths, encoded
 * characters and other users' folders cannot name a key that is then trusted.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY_PATTERN = new RegExp(
  `^users/(${UUID})/(?:uploads/${UUID}(?:\\.thumb\\.webp)?|projects/(${UUID})/${UUID}(?:\\.jpg|\\.png|\\.webp|\\.thumb\\.webp|\\.changes\\.png))$`,
);
export const UUID_PATTERN = new RegExp(`^${UUID}$`);

/**
 * A workspace's branding logo (decision 045): `workspaces/<workspaceId>/branding/<uuid>.png`, a PNG
 * the server rendered. Never a client path: served only through the branding and share routes.
 */
const BRANDING_KEY = new RegExp(`^workspaces/${UUID}/branding/${UUID}\\.png$`);
const WORKSPACE_PREFIX = new RegExp(`^workspaces/${UUID}/(branding/)?$`);

export function brandingLogoKey(workspaceId: string): string {
  return `workspaces/${workspaceId}/branding/${randomUUID()}.png`;
}

export function isBrandingKey(key: string): boolean {
  return BRANDING_KEY.test(key);
}

/** A workspace's own files (its branding logo) live under this prefix. */
export function workspacePrefix(workspaceId: string): string {
  return `workspaces/${workspaceId}/`;
}

/** A workspace's folder (`workspaces/<id>/`) or its branding folder, for prefix deletes. */
export function isWorkspacePrefix(key: string): boolean {
  return WORKSPACE_PREFIX.test(key);
}

export interface ParsedKey {
  key: string;
  userId: string;
  /** Set for project images and their thumbnails. */
  projectId: string | null;
  kind: 'upload' | 'project';
  isThumbnail: boolean;
  /** A staged image's change mask: served to its owner, never a staging source or a download. */
  isChangeMask: boolean;
}

export function parseKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return {
    key,
    userId: match[1]!,
    projectId: match[2] ?? null,
    kind: match[2] ? 'project' : 'upload',
    isThumbnail: key.endsWith('.thumb.webp'),
    isChangeMask: key.endsWith('.changes.png'),
  };
}

/**
 * Turns what a client sends (an objectPath `/objects/users/...`, a filePath `/users/...`, or a full
 * URL whose path is one of those) into a key, or null. Percent-encoding, backslashes, dot segments,
 * empty segments and control characters are refused outright rather than decoded.
 */
export function keyFromClientPath(input: string): ParsedKey | null {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/')) return null;
  if (/[%\\\u0000-\u001f\u007f]|\/\/|(^|\/)\.\.?(\/|$)/.test(path)) return null;
  if (path.startsWith('/objects/')) path = path.slice('/objects'.length);
  return parseKey(path.slice(1));
}

/** `/users/...`: the form the API shows as filePath; served at `/objects` + filePath. */
export function filePathOf(key: string): string {
  return `/${key}`;
}

export function uploadKey(userId: string): string {
  return `users/${userId}/uploads/${randomUUID()}`;
}

/** Every upload of a user (the account purge empties it, decision 046). */
export function uploadsPrefix(userId: string): string {
  return `users/${userId}/uploads/`;
}

export function projectPrefix(userId: string, projectId: string): string {
  return `users/${userId}/projects/${projectId}/`;
}

export function projectImageKey(userId: string, projectId: string, extension: 'jpg' | 'png' | 'webp'): string {
  return `${projectPrefix(userId, projectId)}${randomUUID()}.${extension}`;
}

/** `<uuid>.jpg` → `<uuid>.thumb.webp`; `uploads/<uuid>` → `uploads/<uuid>.thumb.webp`. */
export function thumbnailKeyOf(key: string): string {
  return key.replace(/\.(jpg|png|webp)$/, '') + '.thumb.webp';
}

/** `<uuid>.jpg` → `<uuid>.changes.png`: the change mask stored next to a staged image. */
export function changeMaskKeyOf(key: string): string {
  return key.replace(/\.(jpg|png|webp)$/, '') + '.changes.png';
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
