import type { FastifyBaseLogger } from 'fastify';
import type { ProcessImageRequest, ProjectCategory } from '../../../contract/projects.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../objects/storage.js';

/**
 * What the public API needs from the other features. app.ts implements it with the very functions
 * the web app uses (the upload intake, createProject, staging's startRun with its credits, lock,
 * refunds and fair queue), so the API adds no second staging path.
 */
export interface StoredPhoto {
  id: string;
  objectPath: string;
  width: number;
  height: number;
  createdAt: Date;
}

export interface PublicApiPorts {
  storage: ObjectStorage;
  jobs: JobQueue | null;
  photos: {
    /** Validates, normalises and stores an image as an upload of the user (upload quota applies). */
    store(userId: string, bytes: Buffer, contentType: string | undefined): Promise<StoredPhoto>;
    find(userId: string, photoId: string): Promise<StoredPhoto | null>;
  };
  /** A project of the workspace, created by `userId` (a member of it). */
  createProject(userId: string, workspaceId: string, title: string, category: ProjectCategory): Promise<string>;
  /** The web app's staging start: a run id once queued (or the photo's existing staged image). */
  startRun(userId: string, request: ProcessImageRequest, log: FastifyBaseLogger): Promise<{ runId: string } | { staged: unknown }>;
  /** Refunds a run that no worker has started yet; false once it runs or is settled. */
  cancelQueuedRun(runId: string): Promise<boolean>;
}
