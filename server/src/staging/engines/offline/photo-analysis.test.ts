import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSampleRoom, sampleRoomPlan } from '../sample-room.js';
import { analysePhoto, DEFAULT_FLOOR_LINE } from './photo-analysis.js';
import { floorYAt } from './room-camera.js';
import { renderKnownRoom, type Box } from '../../../../test/fakes/providers/known-room.js';

describe('analysePhoto', () => {
  it.each([0, 1, 2, 3, 4, 5])('finds the floor line of sample room %i within 3 % of the height', async (variant) => {
    const [width, height] = [800, 600];
    const plan = sampleRoomPlan(variant, width, height);
    const truth = floorYAt(plan.camera, plan.camera.backDistance);
    const analysis = await analysePhoto(await renderSampleRoom(variant, width, height));
    expect(analysis.floorLineFound).toBe(true);
    expect(Math.abs(analysis.floorLineY - truth) / height).toBeLessThan(0.03);
    expect(analysis.lightFrom).toBe(plan.lightSide === 'right' ? 1 : -1);
  });

  it('falls back to 58 % of the height when there is no floor line', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ddd8d0' } }).jpeg().toBuffer();
    const analysis = await analysePhoto(flat);
    expect(analysis.floorLineFound).toBe(false);
    expect(analysis.floorLineY).toBeCloseTo(DEFAULT_FLOOR_LINE * 300, 0);
  });

  it('reports the oriented size and finds windows busy', async () => {
    const room = await renderSampleRoom(0, 800, 600);
    const plan = sampleRoomPlan(0, 800, 600);
    const analysis = await analysePhoto(room);
    expect([analysis.width, analysis.height]).toEqual([800, 600]);
    const window = plan.camera.centerX + (plan.openingAt * plan.camera.focal) / plan.camera.backDistance;
    const calm = plan.camera.centerX - (plan.openingAt * plan.camera.focal) / plan.camera.backDistance;
    expect(analysis.busyness(window - 30, 150, window + 30, 250)).toBeGreaterThan(analysis.busyness(calm - 30, 150, calm + 30, 250) + 3);
  });

  it('finds the window and the door of a room drawn with them at known places, and the floor below its floor line', async () => {
    const room = await renderKnownRoom();
    const analysis = await analysePhoto(room.image);
    expect(Math.abs(analysis.floorLineY - room.floorLineY) / room.height).toBeLessThan(0.02);
    expect(analysis.isFloor(600, room.floorLineY + 40)).toBe(true);
    expect(analysis.isFloor(600, room.floorLineY - 40)).toBe(false);
    const covers = (truth: Box) =>
      analysis.openings.find((o) => o.left <= truth.left + 15 && o.right >= truth.right - 15 && o.top <= truth.top + 80 && o.bottom >= truth.bottom - 20);
    expect(covers(room.window), JSON.stringify(analysis.openings)).toMatchObject({ kind: 'window', onFloor: false });
    expect(covers(room.door), JSON.stringify(analysis.openings)).toMatchObject({ kind: 'door', onFloor: true });
    // The plain wall between them is not an opening.
    expect(analysis.openings.some((o) => o.left < 640 && o.right > 660)).toBe(false);
  });
});
