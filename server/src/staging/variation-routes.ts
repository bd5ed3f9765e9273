import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseVariationRequest, chooseVariationResponse } from '../../../contract/listing.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { chooseVariation } from './variations.js';

const params = z.object({ id: z.string().max(64), imageId: z.string().max(64) });

/** POST /api/projects/:id/images/:imageId/choose {variationId}: the picked variation becomes the staged image (decision 025). */
export async function variationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/projects/:id/images/:imageId/choose',
    { preHandler: [requireUser], schema: { params, body: chooseVariationRequest, response: { 200: chooseVariationResponse } } },
    async (request) => {
      const staged = await chooseVariation(app.db, currentUser(request).id, request.params.id, request.params.imageId, request.body.variationId);
      return { processedImagePath: staged.filePath, imageId: staged.id };
    },
  );
}
