import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSampleRoom } from './sample-room.js';

describe('renderSampleRoom', () => {
  it('draws the same JPEG for the same variant and size', async () => {
    const [a, b] = await Promise.all([renderSampleRoom(3, 640, 480), renderSampleRoom(3, 640, 480)]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('draws different rooms for different variants', async () => {
    const [a, b] = await Promise.all([renderSampleRoom(0, 320, 240), renderSampleRoom(1, 320, 240)]);
    expect(a.equals(b)).toBe(false);
  });

  it('looks like a room: brighter wall above a darker or textured floor', async () => {
    const room = await renderSampleRoom(0, 400, 300);
    const stats = await sharp(room).greyscale().raw().toBuffer();
    const mean = (y0: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = 150; x < 250; x++) sum += stats[y * 400 + x];
      return sum / ((y1 - y0) * 100);
    };
    expect(mean(120, 160)).toBeGreaterThan(mean(240, 290) + 30);
  });
});
