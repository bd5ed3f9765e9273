import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProjectDetailResponse } from '@contract/projects';
import { ApiError } from '@/lib/api-request';
import { projectDetailQueryOptions } from './api/get-project-images';
import { removeSessionProject, useSessionProjects, type SessionProject } from './session-projects';

/** The session copy with the server's current staged images (a re-stage elsewhere replaced and deleted the old file). */
export function syncWithServer(
  project: SessionProject,
  detail: ProjectDetailResponse | undefined,
): SessionProject {
  if (!detail) return project;
  return {
    ...project,
    images: project.images.map((image) => {
      const original = detail.images.find((i) => i.isOriginal && i.filePath === image.originalPath);
      if (!original) return image;
      const staged = detail.images
        .filter((i) => !i.isOriginal && i.originalImageId === original.id)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .at(-1);
      return {
        ...image,
        originalThumbnailPath: original.thumbnailPath,
        stagedPath: staged?.filePath ?? null,
        stagedThumbnailPath: staged?.thumbnailPath ?? null,
      };
    }),
  };
}

/**
 * This session's projects, kept in step with the server: each one's detail is read (and refetched
 * whenever a staging call invalidates it); a project deleted meanwhile leaves the list.
 */
export interface SyncedSessionProject {
  project: SessionProject;
  /** The server's answer is in (or failed): until then the stored image paths may be stale. */
  ready: boolean;
}

export function useSyncedSessionProjects(): SyncedSessionProject[] {
  const projects = useSessionProjects();
  const details = useQueries({ queries: projects.map((p) => projectDetailQueryOptions(p.id)) });
  const gone = projects.filter((_, i) => {
    const error = details[i]?.error;
    return error instanceof ApiError && error.status === 404;
  });
  const goneIds = gone.map((p) => p.id).join(',');
  useEffect(() => {
    if (goneIds) goneIds.split(',').forEach(removeSessionProject);
  }, [goneIds]);
  return projects
    .filter((p) => !gone.includes(p))
    .map((p) => {
      const detail = details[projects.indexOf(p)];
      return { project: syncWithServer(p, detail?.data), ready: !detail?.isPending };
    });
}
