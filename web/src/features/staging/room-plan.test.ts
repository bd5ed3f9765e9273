import { describe, expect, it } from 'vitest';
import { defaultGroup, groupChoices, stagingWaves, type PhotoRoom } from './room-plan';

const room = (roomType: PhotoRoom['roomType'], roomGroup: string): PhotoRoom => ({
  roomType,
  roomGroup,
});

describe('room groups of a project', () => {
  it('makes every photo its own room by default, whatever its type', () => {
    // Two bedrooms are two rooms until the user says "same room as photo N" (issue #26).
    expect(defaultGroup('bedroom', [room('bedroom', 'bedroom-1')])).toBe('bedroom-2');
    expect(defaultGroup('bedroom', [room('living_room', 'living-room-1')])).toBe('bedroom-1');
    expect(defaultGroup('dining_room', [])).toBe('dining-room-1');
    expect(defaultGroup('auto', [room('auto', 'room-1'), room('auto', 'room-2')])).toBe('room-3');
  });

  it('offers the groups of the same type plus one new room', () => {
    const others = [
      room('bedroom', 'bedroom-1'),
      room('bedroom', 'bedroom-2'),
      room('kitchen', 'kitchen-1'),
    ];
    expect(groupChoices(room('bedroom', 'bedroom-1'), others)).toEqual([
      'bedroom-1',
      'bedroom-2',
      'bedroom-3',
    ]);
    expect(groupChoices(room('kitchen', 'kitchen-1'), others.slice(0, 2))).toEqual([
      'kitchen-1',
      'kitchen-2',
    ]);
  });

  it("stages each group's first photo before the rest of the group", () => {
    const rooms = [
      room('bedroom', 'bedroom-1'),
      room('kitchen', 'kitchen-1'),
      room('bedroom', 'bedroom-1'),
      room('bedroom', 'bedroom-2'),
    ];
    expect(stagingWaves(rooms)).toEqual([[0, 1, 3], [2]]);
  });
});
