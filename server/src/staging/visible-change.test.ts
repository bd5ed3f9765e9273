import { describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../../contract/listing.js';
import { MIN_ADDED_SHARE, MIN_REMOVED_SHARE, minimumChangedShare, showsWhatWasAsked } from './visible-change.js';

describe('the minimum visible change per room type', () => {
  it('has a minimum for every room type: kitchen below bedroom below living room', () => {
    for (const room of ROOM_TYPES) expect(MIN_ADDED_SHARE[room]).toBeGreaterThan(0);
    expect(MIN_ADDED_SHARE.kitchen).toBeLessThan(MIN_ADDED_SHARE.bedroom);
    expect(MIN_ADDED_SHARE.bedroom).toBeLessThan(MIN_ADDED_SHARE.living_room);
  });

  it('refuses an unchanged room and a lone rug in a living room, accepts a sofa-sized addition', () => {
    expect(showsWhatWasAsked(0, 'furnish', 'living_room')).toBe(false);
    expect(showsWhatWasAsked(0.025, 'furnish', 'living_room')).toBe(false); // one rug, flat in perspective
    expect(showsWhatWasAsked(0.05, 'furnish', 'living_room')).toBe(true);
    expect(showsWhatWasAsked(0.015, 'furnish', 'kitchen')).toBe(true);
    expect(showsWhatWasAsked(MIN_ADDED_SHARE.bedroom, 'furnish', 'bedroom')).toBe(true);
  });

  it('asks removal to take something away, whatever the room', () => {
    expect(minimumChangedShare('remove', 'living_room')).toBe(MIN_REMOVED_SHARE);
    expect(showsWhatWasAsked(0, 'remove', 'bedroom')).toBe(false);
    expect(showsWhatWasAsked(0.2, 'remove', 'bedroom')).toBe(true);
  });
});
