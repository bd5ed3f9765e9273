import { z } from 'zod';
import { variationCount } from '../../../../contract/listing.js';
import { PROJECT_CATEGORIES } from '../../../../contract/projects.js';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX } from '../../../../contract/limits.js';
import { renovationChoice } from '../../../../contract/renovation.js';
import type { StagingTask } from '../engines/engine.js';

/** What a `staging.run` job carries: the run and what was asked of it. */
export const stagingRunPayload = z.object({
  runId: z.string().uuid(),
  styleName: z.string().max(80),
  styleDescription: z.string().max(CUSTOM_STYLE_MAX).default(''),
  instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
  category: z.enum(PROJECT_CATEGORIES).default('virtual_staging'),
  variations: variationCount.default(1),
  /** Category `renovation`: the surfaces to change (decision 062); a restage without one takes the original's stored choice. */
  renovation: renovationChoice.optional(),
});
export type StagingRunPayload = z.infer<typeof stagingRunPayload>;

/** What the engine is asked to do for a project category (furniture removal empties the room, renovation re-does surfaces). */
export function taskOf(category: StagingRunPayload['category']): StagingTask {
  if (category === 'furniture_removal') return 'remove';
  return category === 'renovation' ? 'renovate' : 'furnish';
}
