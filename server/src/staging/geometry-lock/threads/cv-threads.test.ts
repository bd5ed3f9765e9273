import { afterAll, describe, expect, it } from 'vitest';
import { corpusImage } from '../../../../test/support/corpus.js';
import { closeCvThreads, configureCvThreads, imageThreadCount } from './cv-threads.js';
import { lockResult, protectedRegionsMask } from '../lock.js';
import { type LockOutcome } from '../lock-result.js';
import { finishLocked, finishResult } from '../../result-image.js';
import { drawOfflineStaging, OfflineStagingEngine } from '../../engines/offline-engine.js';

/**
 * Image threads (decisions 029, 057): the lock's OpenCV work in worker threads gives exactly what it gives on
 * the main thread, and a run that gives up stops its task without breaking the pool.
 */
afterAll(async () => {
  await closeCvThreads();
  configureCvThreads(0);
});

async function rendered(outcome: LockOutcome): Promise<Buffer> {
  if (outcome.verdict !== 'locked') throw new Error(`refused: ${outcome.reasons.join(', ')}`);
  return (await outcome.composite.render({ width: 600, height: 800 })).raw().toBuffer();
}

describe('the image threads', () => {
  it('are one per image slot (IMAGE_CONCURRENCY), never more than the cores, at least one', () => {
    expect([imageThreadCount(2, 2), imageThreadCount(4, 2), imageThreadCount(2, 8), imageThreadCount(1, 16)]).toEqual([2, 2, 2, 1]);
  });
});

describe('the geometry lock in worker threads', () => {
  it('locks the real pair exactly as the main thread does: verdict, figures, change mask, delivered pixels and edit mask', async () => {
    const [original, result] = await Promise.all([corpusImage('furnish-before.jpg'), corpusImage('furnish-after.jpg')]);
    const size = { width: 768, height: 1024 };
    configureCvThreads(0);
    const onMain = await lockResult(original, result);
    const maskOnMain = await protectedRegionsMask(original, size);
    configureCvThreads(2);
    // Both threads at once, each with its own OpenCV.
    const inThreads = await Promise.all([lockResult(original, result), lockResult(original, result)]);
    for (const outcome of inThreads) {
      expect(outcome.verdict).toBe('locked');
      expect(outcome.figures).toEqual(onMain.figures);
      if (outcome.verdict !== 'locked' || onMain.verdict !== 'locked') continue;
      expect(Buffer.compare(outcome.changeMask, onMain.changeMask)).toBe(0);
      expect(Buffer.compare(await rendered(outcome), await rendered(onMain))).toBe(0);
    }
    expect(Buffer.compare(await protectedRegionsMask(original, size), maskOnMain)).toBe(0);
    // Finishing draws the composite in a thread from its plain `source`: the same files as drawn here.
    if (onMain.verdict !== 'locked' || inThreads[0]!.verdict !== 'locked') return;
    const [here, there] = [await finishResult(onMain.composite, 'free', 'furnish', 'de'), await finishLocked(inThreads[0]!.composite, 'free', 'furnish', 'de')];
    expect([there.width, there.height]).toEqual([here.width, here.height]);
    expect(Buffer.compare(there.image, here.image)).toBe(0);
    expect(Buffer.compare(there.thumbnail, here.thumbnail)).toBe(0);
  }, 120_000);

  it("draws the offline engine's furniture in a thread exactly as on the main thread", async () => {
    configureCvThreads(1);
    const input = { image: await corpusImage('furnish-before.jpg'), mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern', styleDescription: '', roomType: 'living_room' } as const;
    const inThread = await new OfflineStagingEngine().stage(input);
    expect(Buffer.compare(inThread.image, await drawOfflineStaging(input))).toBe(0);
  }, 120_000);

  it('a run that gives up ends its lock (queued or running) with its own reason, and the next lock still works', async () => {
    configureCvThreads(1);
    const [original, result] = await Promise.all([corpusImage('furnish-before.jpg'), corpusImage('furnish-after.jpg')]);
    const controller = new AbortController();
    const reason = new Error('run settled elsewhere');
    const running = lockResult(original, result, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(running).rejects.toBe(reason);
    expect((await lockResult(original, result)).verdict).toBe('locked');
  }, 120_000);
});
