import type { UploadResponse } from '@contract/projects';
import { ApiError, apiRequest } from '@/lib/api-request';
import { isEmailNotVerifiedError } from '@/lib/auth';

/** The PUT of spec §7 failed: the run stops with 'Failed to upload file'. */
export class UploadFailedError extends Error {
  /** `code`: the server's error code when it refused to hand out the upload link (e.g. upload_quota_exceeded). */
  constructor(
    readonly status?: number,
    readonly code?: string,
  ) {
    super('Failed to upload file');
    this.name = 'UploadFailedError';
  }
}

/** POST /api/objects/upload {projectName} → {uploadURL, objectPath}. */
export function requestUploadUrl(
  projectName: string,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return apiRequest<UploadResponse>('/api/objects/upload', {
    method: 'POST',
    body: { projectName },
  }).then((reply) => {
    signal?.throwIfAborted();
    return reply;
  });
}

/** PUT the file to the signed URL with its own content type. */
export async function putFile(uploadURL: string, file: File, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadURL, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UploadFailedError();
  }
  if (!response.ok) {
    // The server's refusal (e.g. 422 unprocessable_image) names what was wrong with the file.
    const code = await response
      .json()
      .then((body: { code?: unknown }) => (typeof body?.code === 'string' ? body.code : undefined))
      .catch(() => undefined);
    throw new UploadFailedError(response.status, code);
  }
}

/** Upload URL, then the bytes: resolves to the objectPath process-image takes as `imageURL`. */
export async function uploadImage(
  projectName: string,
  file: File,
  signal?: AbortSignal,
): Promise<string> {
  let target: UploadResponse;
  try {
    target = await requestUploadUrl(projectName, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // An unconfirmed address is the user's to fix, not a failed upload: the run says so.
    if (isEmailNotVerifiedError(error)) throw error;
    throw error instanceof ApiError
      ? new UploadFailedError(error.status, error.body?.code)
      : new UploadFailedError();
  }
  await putFile(target.uploadURL, file, signal);
  return target.objectPath;
}
