import { describe, expect, it } from 'vitest';
import { corpusImage } from '../../../test/support/corpus.js';
import { DECLUTTER_OPENINGS, paintedOver } from '../../../test/support/removal-cases.js';
import { lockResult } from './lock.js';

/**
 * The lock in 'remove' mode (decision 027) on the corpus's real before/after pair of a model
 * emptying a furnished room: loose furniture and boxes gone, shelves, sliding door and glass
 * partition kept. Negative cases paint a window or door of that output over with wall colour.
 */
const before = corpusImage('declutter-before.jpg');
const after = corpusImage('declutter-after.jpg');

describe('lockResult with mode remove', () => {
  it('accepts the real emptied room as a removal: original size, the removed furniture masked, the rest the original', async () => {
    const outcome = await lockResult(before, after, { mode: 'remove' });
    expect(outcome.verdict, JSON.stringify(outcome.figures)).toBe('locked');
    if (outcome.verdict !== 'locked') return;
    expect([outcome.composite.width, outcome.composite.height]).toEqual([1264, 844]);
    expect(outcome.figures.architectureScore).toBeGreaterThanOrEqual(0.9);
    // The sofa, desk and boxes covered about a third of the frame.
    expect(outcome.figures.changedShare).toBeGreaterThan(0.2);
    expect(outcome.figures.changedShare).toBeLessThan(0.6);
  }, 30_000);

  it('refuses the same output as staging: the furnish rules forbid taking things away', async () => {
    expect((await lockResult(before, after)).verdict).toBe('refused');
  }, 30_000);

  it.each(Object.entries(DECLUTTER_OPENINGS))('refuses an emptied room whose %s was painted over with wall colour', async (_name, box) => {
    const outcome = await lockResult(before, await paintedOver(after, box), { mode: 'remove' });
    expect(outcome.verdict).toBe('refused');
    if (outcome.verdict === 'refused') expect(outcome.reasons).toContain('opening_covered');
  }, 30_000);
});
