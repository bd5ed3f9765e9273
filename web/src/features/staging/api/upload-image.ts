import type { UploadResponse } from '@contract/projects';
import { ApiError, apiRequest } from '@/lib/api-request';
import { isEmailNotVerifiedError } from '@/lib/auth';
import { acceptedType } from '../selected-images';

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

/** How far one file's upload is: bytes sent of its size; `retrying` while it waits to try again after a drop. */
export interface UploadProgress {
  sent: number;
  size: number;
  retrying: boolean;
}

/**
 * Issue 39: a 15 MB phone photo on a slow mobile connection. Each attempt shows real progress (XHR
 * upload events); a connection that drops or stalls, or a server that is briefly unavailable, is
 * tried again after 1, 2, 4 and 8 s (the whole file: upload links take one PUT). An attempt that sends
 * nothing for `stallMs` is given up as dropped. A refused file (4xx) is not tried again. (Tests may
 * shorten the waits.)
 */
export const uploadRetry = { delaysMs: [1_000, 2_000, 4_000, 8_000], stallMs: 45_000 };

const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** POST /api/objects/upload {projectName, size, contentType} → {uploadURL, objectPath}. */
export function requestUploadUrl(
  projectName: string,
  file?: File,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const type = file ? acceptedType(file) : null;
  // Declared, the file counts its own size against the quota of unused uploads (not the maximum).
  const declared = file ? { size: file.size, ...(type ? { contentType: type } : {}) } : {};
  return apiRequest<UploadResponse>('/api/objects/upload', {
    method: 'POST',
    body: { projectName, ...declared },
  }).then((reply) => {
    signal?.throwIfAborted();
    return reply;
  });
}

/** Why one attempt ended: the server's answer, or the connection (status 0). */
class AttemptFailed extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
  ) {
    super(`upload attempt failed (${status})`);
  }
}

/** One PUT of the file to the signed URL with its own content type, reporting bytes sent. */
export function putFile(
  uploadURL: string,
  file: File,
  signal?: AbortSignal,
  onProgress?: (sent: number) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), uploadRetry.stallMs);
    };
    const onAbort = () => xhr.abort();
    const done = (settle: () => void) => {
      clearTimeout(stall);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('Content-Type', acceptedType(file) ?? (file.type || 'application/octet-stream'));
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress?.(event.loaded);
    };
    xhr.onload = () =>
      done(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(file.size);
          return resolve();
        }
        // The server's refusal (e.g. 422 heic_unreadable) names what was wrong with the file.
        let code: string | undefined;
        try {
          const body = JSON.parse(xhr.responseText) as { code?: unknown };
          if (typeof body?.code === 'string') code = body.code;
        } catch {
          /* not JSON */
        }
        reject(new AttemptFailed(xhr.status, code));
      });
    const dropped = () => done(() => reject(signal?.aborted ? signal.reason : new AttemptFailed(0)));
    xhr.onerror = dropped;
    xhr.onabort = dropped;
    xhr.ontimeout = dropped;
    signal?.addEventListener('abort', onAbort, { once: true });
    watch();
    xhr.send(file);
  });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function uploadLink(projectName: string, file: File, signal?: AbortSignal) {
  try {
    return await requestUploadUrl(projectName, file, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // An unconfirmed address is the user's to fix, not a failed upload: the run says so.
    if (isEmailNotVerifiedError(error)) throw error;
    if (error instanceof ApiError) {
      if (TRANSIENT_STATUSES.has(error.status)) throw new AttemptFailed(error.status, error.body?.code);
      throw new UploadFailedError(error.status, error.body?.code);
    }
    throw new AttemptFailed(0);
  }
}

/**
 * Upload URL, then the bytes, tried again on a dropped connection or a brief server failure:
 * resolves to the objectPath process-image takes as `imageURL`. A link the server says was already
 * used (the drop came after the server had the file) is replaced by a new one.
 */
export async function uploadImage(
  projectName: string,
  file: File,
  signal?: AbortSignal,
  onProgress?: (progress: UploadProgress) => void,
): Promise<string> {
  let target: UploadResponse | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      target ??= await uploadLink(projectName, file, signal);
      await putFile(target.uploadURL, file, signal, (sent) =>
        onProgress?.({ sent, size: file.size, retrying: false }),
      );
      return target.objectPath;
    } catch (error) {
      if (signal?.aborted || !(error instanceof AttemptFailed)) throw error;
      if (error.status === 403 && error.code === 'upload_url_invalid') target = null;
      else if (error.status !== 0 && !TRANSIENT_STATUSES.has(error.status))
        throw new UploadFailedError(error.status, error.code);
      const delay = uploadRetry.delaysMs[attempt];
      if (delay === undefined) throw new UploadFailedError(error.status || undefined, error.code);
      onProgress?.({ sent: 0, size: file.size, retrying: true });
      await wait(delay, signal);
    }
  }
}
