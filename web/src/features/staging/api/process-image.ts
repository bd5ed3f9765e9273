import { useMutation } from '@tanstack/react-query';
import type { ProcessImageRequest, ProcessImageResponse } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

export type ProcessImageInput = Omit<
  ProcessImageRequest,
  'category' | 'styleDescription' | 'isRegeneration'
> &
  Partial<Pick<ProcessImageRequest, 'category' | 'styleDescription' | 'isRegeneration'>>;

/**
 * POST /api/process-image. A non-OK reply (no credits, refused, timeout…) raises ApiError whose
 * body is `{success: false, error, code}`; a 200 may still say `{success: false, error}`.
 */
export function processImage(input: ProcessImageInput): Promise<ProcessImageResponse> {
  return apiRequest<ProcessImageResponse>('/api/process-image', {
    method: 'POST',
    body: processImageBody(input),
  });
}

/** The request body with the spec's defaults filled in. */
export function processImageBody(input: ProcessImageInput): ProcessImageRequest {
  return { category: 'virtual_staging', styleDescription: '', isRegeneration: false, ...input };
}

export function useProcessImage() {
  return useMutation({ mutationFn: processImage });
}
