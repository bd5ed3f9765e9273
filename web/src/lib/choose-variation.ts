import type { ChooseVariationResponse } from '@contract/listing';
import { apiRequest } from '@/lib/api-request';

/**
 * POST /api/projects/:id/images/:imageId/choose: the variation becomes the pair's staged image
 * (decision 025). Shared by the result screen (staging) and the project page (projects).
 */
export function chooseVariation(
  projectId: string,
  imageId: string,
  variationId: string,
): Promise<ChooseVariationResponse> {
  return apiRequest<ChooseVariationResponse>(
    `/api/projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}/choose`,
    {
      method: 'POST',
      body: { variationId },
    },
  );
}
