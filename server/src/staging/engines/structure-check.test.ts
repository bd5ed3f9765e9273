import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fidelityScore, needsStricterRetry, prepareFidelityScore } from '../structure-check.js';
import { OfflineStagingEngine } from './offline-engine.js';
import { renderSampleRoom } from './sample-room.js';
import { noiseImage } from './fakes/test-images.js';

// Lives beside the engines (its module is one folder up) so the engines' test run covers it.
describe('fidelityScore', () => {
  let room: Buffer;
  let staged: Buffer;
  beforeAll(async () => {
    room = await renderSampleRoom(2, 800, 600);
    staged = (await new OfflineStagingEngine().stage({ image: room, mimeType: 'image/jpeg', styleId: 'luxury', styleName: 'Luxury', styleDescription: '' })).image;
  });

  it('scores the same whether the original was analysed ahead of time or not', async () => {
    const fresh = Buffer.from(room);
    const cold = await fidelityScore(Buffer.from(room), staged);
    prepareFidelityScore(fresh);
    expect(await fidelityScore(fresh, staged)).toBe(cold);
    expect(await fidelityScore(fresh, staged)).toBe(cold);
    const broken = Buffer.from('not an image');
    prepareFidelityScore(broken);
    await expect(fidelityScore(broken, staged)).rejects.toThrow();
  });

  it('ranks identical > staged > unrelated', async () => {
    const identical = await fidelityScore(room, room);
    const stagedScore = await fidelityScore(room, staged);
    const otherRoom = await fidelityScore(room, await renderSampleRoom(5, 800, 600));
    const noise = await fidelityScore(room, await noiseImage(800, 600));
    console.log(`fidelity: identical ${identical.toFixed(3)}, offline-staged ${stagedScore.toFixed(3)}, other room ${otherRoom.toFixed(3)}, noise ${noise.toFixed(3)}`);
    expect(identical).toBeGreaterThan(0.98);
    expect(stagedScore).toBeGreaterThan(0.6);
    expect(stagedScore).toBeLessThan(identical);
    expect(otherRoom).toBeLessThan(0.3);
    expect(noise).toBeLessThan(0.3);
  });

  it('tolerates a provider resampling the picture to another size', async () => {
    const resampled = await sharp(room).resize(1536, 1024, { fit: 'fill' }).jpeg({ quality: 80 }).toBuffer();
    expect(await fidelityScore(room, resampled)).toBeGreaterThan(0.9);
  });

  it('notices walls and windows that moved', async () => {
    const shifted = await sharp(room).extract({ left: 40, top: 30, width: 760, height: 570 }).resize(800, 600).jpeg().toBuffer();
    expect(await fidelityScore(room, shifted)).toBeLessThan(await fidelityScore(room, staged));
  });

  it('asks for the stricter retry below the threshold only', () => {
    expect(needsStricterRetry(0.2, 0.35)).toBe(true);
    expect(needsStricterRetry(0.35, 0.35)).toBe(false);
    expect(needsStricterRetry(0.9, 0.35)).toBe(false);
  });
});
