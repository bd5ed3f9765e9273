import { beforeAll, describe, expect, it } from 'vitest';
import { bathroomCases } from '../../../../test/support/geometry-lock/bathroom-cases.js';
import { type LockCase } from '../../../../test/support/geometry-lock/lock-cases.js';
import { lockResult } from '../lock.js';

/**
 * Decision 063: in a bathroom the geometry lock keeps the fixtures as photographed (generated cases,
 * server/test/support/geometry-lock/bathroom-cases.ts): loose things added are delivered; a basin
 * moved or replaced, a built-in tub swapped for a freestanding one, a toilet taken away are refused.
 */
let cases: LockCase[];
beforeAll(async () => {
  cases = await bathroomCases();
}, 120_000);

const named = (start: string) => {
  const found = cases.find((c) => c.name.startsWith(`bathroom: ${start}`));
  if (!found) throw new Error(`no case ${start}`);
  return found;
};

describe('the lock in a bathroom', () => {
  it.each([
    ['a towel over the bathtub, a stool with towels, a plant and a bath mat added', 'locked'],
    ['the basin moved 0.8 m along the wall', 'refused'],
    ['the pedestal basin replaced by a vanity unit', 'refused'],
    ['the built-in bathtub replaced by a freestanding one', 'refused'],
    ['the toilet taken away', 'refused'],
  ] as const)('%s → %s', async (name, expected) => {
    const c = named(name);
    expect(c.expected).toBe(expected);
    const outcome = await lockResult(c.original, c.result, { roomType: 'bathroom' });
    expect(outcome.verdict, JSON.stringify(outcome.figures)).toBe(expected);
    if (outcome.verdict === 'refused') expect(outcome.reasons).toEqual(['architecture_changed']);
    else expect(outcome.figures.changedShare).toBeGreaterThan(0.01); // the decor is delivered, not restored away
  }, 60_000);

  it('is the bathroom rule that refuses a moved basin: the same answer for another room type is locked as before', async () => {
    const c = named('the basin moved');
    expect((await lockResult(c.original, c.result, { roomType: 'living_room' })).verdict).toBe('locked');
    expect((await lockResult(c.original, c.result)).verdict).toBe('locked');
  }, 60_000);
});
