import { z } from 'zod';
import { variationCount } from '../../../../contract/listing.js';
import { PROJECT_CATEGORIES } from '../../../../contract/projects.js';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX } from '../../../../contract/limits.js';
import type { StagingTask } from '../engines/engine.js';

/** What a `staging.run` job carries: the run and what was asked of it. */
export const stagingRunPayload = z.object({
  runId: z.string().uuid(),
  styleName: z.string().max(80),
  styleDescription: z.string().max(CUSTOM_STYLE_MAX).default(''),
  instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
  category: z.enum(PROJECT_CATEGORIES).default('virtual_staging'),
  variations: variationCount.default(1),
});
export type StagingRunPayload = z.infer<typeof stagingRunPayload>;

/** What the engine is asked to do for a project category (furniture removal empties the room). */
export function taskOf(category: StagingRunPayload['category']): StagingTask {
  return category === 'furniture_removal' ? 'remove' : 'furnish';
}
