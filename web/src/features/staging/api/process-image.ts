import { useMutation } from '@tanstack/react-query';
import type { ProcessImageRequest, ProcessImageResponse } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

export type ProcessImageInput = Omit<ProcessImageRequest, 'category' | 'styleDescription' | 'isRegeneration'> &
  Partial<Pick<ProcessImageRequest, 'category' | 'styleDescription' | 'isRegeneration'>>;

/**
 * POST /api/process-image. A non-OK reply (no credits, refused, timeout…) raises ApiError whose
 * body is `{success: false, error, code}`; a 200 may still say `{success: false, error}`.
 */
export function processImage(input: ProcessImageInput): Promise<ProcessImageResponse> {
  const body: ProcessImageRequest = {
    category: 'virtual_staging',
    styleDescription: '',
    isRegeneration: false,
    ...input,
  };
  return apiRequest<ProcessImageResponse>('/api/process-image', { method: 'POST', body });
}

export function useProcessImage() {
  return useMutation({ mutationFn: processImage });
}
