import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FixedLatencyStagingEngine } from './fixed-latency-engine.js';
import { renderSampleRoom } from './sample-room.js';

describe('FixedLatencyStagingEngine', () => {
  it('answers after the configured latency with the photo re-encoded', async () => {
    const room = await renderSampleRoom(0, 320, 240);
    const started = performance.now();
    const result = await new FixedLatencyStagingEngine(120).stage({ image: room, mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern', styleDescription: '' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(result).toMatchObject({ engine: 'fixed-latency', mimeType: 'image/jpeg' });
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(result.image.equals(room)).toBe(false);
  });

  it('stops waiting when the signal aborts', async () => {
    const room = await renderSampleRoom(0, 64, 48);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    await expect(
      new FixedLatencyStagingEngine(10_000).stage({ image: room, mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern', styleDescription: '', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'EngineError', kind: 'transient' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops in either half of its latency without leaving a rejection behind', async () => {
    const room = await renderSampleRoom(0, 64, 48);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const abortAfter of [10, 150]) {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), abortAfter);
        await expect(
          new FixedLatencyStagingEngine(200).stage({ image: room, mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern', styleDescription: '', signal: controller.signal }),
        ).rejects.toMatchObject({ name: 'EngineError', kind: 'transient' });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
