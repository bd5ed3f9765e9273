import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessImageRequest, ProcessImageResponse, ProjectCategory } from '@contract/projects';
import { ApiError, apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { PROJECTS_QUERY_KEY } from './get-projects';

export interface RestageInput {
  projectId: string;
  /** The original's filePath (`/users/…`); the server finds the original from it. */
  originalPath: string;
  styleName: string;
  styleDescription: string;
  /** The wishes sent with the re-stage (none: empty). */
  instructions?: string;
  /** The project's category: a furniture-removal project is emptied again, not furnished. */
  category?: ProjectCategory;
}

export class RestageError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** HTTP status of the refusal (401: the session ended). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RestageError';
  }
}

/** POST /api/process-image with isRegeneration:true: stages the original again; the new result joins the earlier ones as a variation. */
export async function restageImage(input: RestageInput): Promise<{ processedImagePath: string }> {
  const body: ProcessImageRequest = {
    imageURL: `/objects${input.originalPath}`,
    category: input.category ?? 'virtual_staging',
    projectId: input.projectId,
    styleName: input.styleName,
    styleDescription: input.styleDescription,
    ...(input.instructions ? { instructions: input.instructions } : {}),
    isRegeneration: true,
  };
  let reply: ProcessImageResponse;
  try {
    reply = await apiRequest<ProcessImageResponse>('/api/process-image', { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError) {
      const b = error.body as { error?: string; message?: string; code?: string } | null;
      throw new RestageError(b?.error ?? b?.message ?? error.message, b?.code, error.status);
    }
    throw error;
  }
  if (!reply.success) throw new RestageError(reply.error, reply.code);
  if (!reply.processedImagePath) throw new RestageError('No processed image path returned');
  return { processedImagePath: reply.processedImagePath };
}

export function useRestageImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restageImage,
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: [...PROJECTS_QUERY_KEY, input.projectId] });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
