import { describe, expect, it } from 'vitest';
import type { RoomType } from '../../../../../contract/listing.js';
import { changedMask, changedShare, renderKnownRoom, upperTwoThirds } from '../../../../test/fakes/providers/known-room.js';
import { OfflineStagingEngine } from '../offline-engine.js';
import type { StageInput } from '../engine.js';

/** The offline engine furnishes by room type, per room group and per variation (decision 025). */
const engine = new OfflineStagingEngine();
const stage = async (image: Buffer, extra: Partial<StageInput>) =>
  (await engine.stage({ image, mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern', styleDescription: '', ...extra })).image;
const share = (changed: Awaited<ReturnType<typeof changedMask>>) => changed.mask.reduce((sum, v) => sum + v, 0) / changed.mask.length;

describe('offline sets by room type in a room drawn with a known window and door', () => {
  it.each(['bedroom', 'dining_room', 'home_office', 'kids_room', 'kitchen', 'bathroom', 'hallway', 'balcony', 'basement', 'walk_in_closet', 'studio', 'nursery'] as RoomType[])('%s: a set that stands on the floor and leaves the openings visible', async (roomType) => {
    const room = await renderKnownRoom();
    const living = await stage(room.image, { roomType: 'living_room' });
    const staged = await stage(room.image, { roomType });
    const changed = await changedMask(room.image, staged);
    expect(share(changed)).toBeGreaterThan(0.01);
    // Not the living-room set.
    expect(staged.equals(living)).toBe(false);
    expect(changedShare(changed, upperTwoThirds(room.window))).toBeLessThan(0.01);
    expect(changedShare(changed, upperTwoThirds(room.door))).toBeLessThan(0.01);
    expect(changedShare(changed, { left: 0, top: 0, right: room.width, bottom: room.ceilingY })).toBe(0);
  }, 60_000);
});

describe('offline sets per room group and variation', () => {
  it('draws the same set for one group seed every time, another for another group, and another arrangement per variation', async () => {
    const room = await renderKnownRoom();
    const a1 = await stage(room.image, { roomType: 'bedroom', furnitureSeed: 'p:bedroom-1' });
    const a2 = await stage(room.image, { roomType: 'bedroom', furnitureSeed: 'p:bedroom-1' });
    const b = await stage(room.image, { roomType: 'bedroom', furnitureSeed: 'p:bedroom-2' });
    const v = await stage(room.image, { roomType: 'bedroom', furnitureSeed: 'p:bedroom-1', variant: 1 });
    expect(a1.equals(a2)).toBe(true);
    expect(b.equals(a1)).toBe(false);
    expect(v.equals(a1)).toBe(false);
  });
});
