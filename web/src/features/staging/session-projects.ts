import { useSyncExternalStore } from 'react';
import type { ImageFailure } from './staging-run';

/**
 * Projects created in this browser session (spec §3 "In-session project"), kept in sessionStorage
 * for the dashboard. Originals are referenced by their stored path rather than copied as base64:
 * six photos would not fit sessionStorage's quota. `sourcePath` is what regeneration sends as
 * `imageURL`.
 */
export interface SessionImage {
  /** Stored original (`/users/…`), or null when only the upload is known. */
  originalPath: string | null;
  originalThumbnailPath: string | null;
  /** The upload's objectPath; also accepted by process-image to find the same original. */
  sourcePath: string;
  type: string;
  qualityWarning: boolean;
  width: number | null;
  height: number | null;
  /** Staged image path (served at /objects + path); null when staging failed. */
  stagedPath: string | null;
  stagedThumbnailPath: string | null;
  /** The room the user chose for the photo (decision 025), which names it on the result cards. */
  roomType?: string;
  roomGroup?: string;
  /** Why staging this photo failed (a partial run); absent once it is staged. */
  failure?: ImageFailure;
}

export interface SessionProject {
  id: string;
  name: string;
  createdAt: string;
  styleGuide: { styleName: string; styleDescription: string };
  instructions?: string;
  images: SessionImage[];
}

const STORAGE_KEY = 'raumwerk.session-projects';
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: SessionProject[] } = { raw: null, list: [] };

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Newest first. */
export function listSessionProjects(): SessionProject[] {
  const raw = readRaw();
  if (raw === cache.raw) return cache.list;
  let list: SessionProject[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed as SessionProject[];
  } catch {
    list = [];
  }
  list = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  cache = { raw, list };
  return list;
}

function write(list: SessionProject[]) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    /* quota or storage blocked: the dashboard simply shows less */
  }
  listeners.forEach((listener) => listener());
}

export function addSessionProject(project: SessionProject) {
  write([project, ...listSessionProjects().filter((p) => p.id !== project.id)]);
}

export function updateSessionImage(projectId: string, index: number, patch: Partial<SessionImage>) {
  write(
    listSessionProjects().map((project) =>
      project.id === projectId
        ? {
            ...project,
            images: project.images.map((image, i) =>
              i === index ? { ...image, ...patch } : image,
            ),
          }
        : project,
    ),
  );
}

export function removeSessionProject(projectId: string) {
  write(listSessionProjects().filter((p) => p.id !== projectId));
}

export function clearSessionProjects() {
  write([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionProjects(): SessionProject[] {
  return useSyncExternalStore(subscribe, listSessionProjects, () => []);
}
