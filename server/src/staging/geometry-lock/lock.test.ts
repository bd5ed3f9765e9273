import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusImage } from '../../../test/support/corpus.js';
import { decodeRgb } from '../../../test/support/geometry-lock/drift.js';
import { furnitureSvg } from '../../../test/support/geometry-lock/furniture-svg.js';
import { lockCases, type LockCase } from '../../../test/support/geometry-lock/lock-cases.js';
import { deliveredJpeg, keptShare, maskCoverage, psnrOutside } from '../../../test/support/geometry-lock/lock-quality.js';
import { lockResult } from './lock.js';
import { type LockOutcome } from './lock-result.js';

/**
 * The geometry lock on generated cases whose right answer is known (server/test/support/geometry-lock):
 * real corpus photos and the drawn sample room, furniture pasted at known places, the answer drifted
 * by known transforms; rooms changed by painting a window over, removing a door, restyling or
 * swapping the room. Timings are in `npm run bench -- lock`, not here.
 */
let cases: LockCase[];
const outcomes = new Map<string, LockOutcome>();

beforeAll(async () => {
  cases = await lockCases();
}, 300_000);

async function outcomeOf(c: LockCase): Promise<LockOutcome> {
  let outcome = outcomes.get(c.name);
  if (!outcome) {
    outcome = await lockResult(c.original, c.result);
    outcomes.set(c.name, outcome);
  }
  return outcome;
}

const names = [
  'corpus good pair',
  'corpus good output, drifted',
  'corpus: furniture pasted, no drift',
  'corpus: furniture pasted, scale 1.06, rotation 1.5°, shift 2%/-3%, resized to 1024×1536',
  'corpus: furniture pasted, scale 0.93, rotation -2°, shift -4%/2%',
  'sample room 0: furniture pasted, scale 1.08, rotation -1°, shift 3%/1%, resized to 1536×1024',
  'sample room 1: furniture pasted, scale 0.92, rotation 2°, shift -2%/-4%, resized to 1536×1024',
  // What real models do besides adding furniture (server/test/support/geometry-lock/real-world.ts).
  'corpus good output, darker and cooler, re-rendered, WebP',
  'corpus good output, warmer and brighter, re-rendered',
  'corpus good output, stretched 8 % sideways, 3 % taller, provider size',
  'corpus good output, squeezed 7 % and cropped',
  'sample room 0: furniture pasted, scale 1.02, rotation 0.4°, shift 1%/0%, resized to 1536×1024, re-rendered and relit',
  // A real model's output (realvibe-living-drift): re-rendered, its windows darker, stretched ~5 % sideways.
  'real drifted output',
];

describe('lockResult locks furniture added to the same room', () => {
  it.each(names)('%s → locked, at the original size, furniture kept', async (name) => {
    const c = cases.find((k) => k.name === name)!;
    expect(c, name).toBeDefined();
    const outcome = await outcomeOf(c);
    expect(outcome.verdict, JSON.stringify(outcome.figures)).toBe('locked');
    if (outcome.verdict !== 'locked') return;
    const original = await decodeRgb(c.original);
    expect([outcome.composite.width, outcome.composite.height]).toEqual([original.width, original.height]);
    expect(outcome.figures.alignmentErrorPx).toBeLessThan(name.startsWith('real') ? 2.5 : 1.5);
    expect(outcome.figures.architectureScore).toBeGreaterThanOrEqual(0.8);
    expect(outcome.figures.seam).toBeLessThanOrEqual(1);
    if (c.truth) {
      const delivered = await deliveredJpeg(outcome);
      expect(psnrOutside(delivered, original, c.truth.added)).toBeGreaterThanOrEqual(40);
      expect(keptShare(delivered, original, c.truth.furnished, c.truth.added, c.truth.inAnswer)).toBeGreaterThanOrEqual(0.95);
    }
    for (const box of c.furnitureBoxes ?? []) expect(await maskCoverage(outcome.changeMask, box)).toBeGreaterThanOrEqual(0.8);
  });
});

describe('lockResult delivers whole what good staging does at windows, walls and ceilings (decision 058)', () => {
  it.each([
    'corpus: an armchair and a floor lamp in front of the balcony door',
    'sample room 0: a TV on a low stand in front of the window’s lower part',
    'corpus: an open bookcase to the ceiling and a large plant against the left wall',
    'corpus: sheer curtains at both edges of the balcony door',
    'corpus with a canvas on the wall: its canvas replaced by a TV and two prints',
    'corpus: a ring pendant on a 2 px wire from the ceiling',
    'corpus: a rug barely darker than the floor',
    'corpus: a plain wardrobe before the curtain beside the balcony door',
    'corpus: the real sofa of a model’s output before the balcony door’s lower part',
    'corpus: the real armchair (a thin frame) of a model’s output before the balcony door',
    'corpus: ceiling lights switched on',
    'corpus: furniture pasted, scale 1.03, rotation 0.6°, shift 1%/-1%, resized to 1024×1536; answer at 832×1248, JPEG q70',
  ])('%s → locked, every added pixel kept, the room the photo’s', async (prefix) => {
    const c = cases.find((k) => k.name.startsWith(prefix))!;
    expect(c, prefix).toBeDefined();
    const outcome = await outcomeOf(c);
    expect(outcome.verdict, JSON.stringify(outcome.figures)).toBe('locked');
    if (outcome.verdict !== 'locked' || !c.truth) return;
    const delivered = await deliveredJpeg(outcome);
    const original = await decodeRgb(c.original);
    // Outside what was added (ceiling lights switched on are not added: they are the photo's unlit ceiling) …
    expect(psnrOutside(delivered, original, c.truth.added)).toBeGreaterThanOrEqual(40);
    // … and the added objects whole: the pendant's wire, the rug's low-contrast field, the curtains.
    expect(keptShare(delivered, original, c.truth.furnished, c.truth.added, c.truth.inAnswer)).toBeGreaterThanOrEqual(0.95);
    expect(outcome.figures.seam).toBeLessThanOrEqual(1);
  });

  // The real drifted output re-rendered this whole window, frame included, and its lamp beside it joins the
  // window's mask: the roofs and trees painted into the glass are still the model's view (opening-views.ts).
  it('delivers the photo’s own view through a window whose view the model re-drew', async () => {
    const c = cases.find((k) => k.name.startsWith('real drifted output, its left window’s view re-drawn'))!;
    const outcome = await outcomeOf(c);
    expect(outcome.verdict).toBe('locked');
    if (outcome.verdict !== 'locked') return;
    const delivered = await deliveredJpeg(outcome);
    const original = await decodeRgb(c.original);
    for (const box of c.photoBoxes!) {
      const outside = new Uint8Array(original.width * original.height).fill(1);
      for (let y = Math.floor(box.y0 * original.height); y < Math.ceil(box.y1 * original.height); y++) outside.fill(0, y * original.width + Math.floor(box.x0 * original.width), y * original.width + Math.ceil(box.x1 * original.width));
      // psnrOutside skips the pixels marked: everything but the window's glass is skipped here.
      expect(psnrOutside(delivered, original, outside)).toBeGreaterThanOrEqual(32);
    }
  });
});

describe('lockResult on a small, plain photo (few features even against itself)', () => {
  it('locks a sofa pasted into it, where all of its few matches agree', async () => {
    const photo = corpusImage('transroomer-bedroom-panels-before.jpg');
    const { data, width, height } = await decodeRgb(photo);
    const svg = furnitureSvg(width, height, [{ kind: 'sofa', box: { x: 0.3 * width, y: 0.62 * height, w: 0.38 * width, h: 0.16 * height } }]);
    const result = await sharp(data, { raw: { width, height, channels: 3 } }).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
    const outcome = await lockResult(photo, result);
    expect(outcome.verdict, JSON.stringify(outcome.figures)).toBe('locked');
    expect(outcome.figures.changedShare).toBeGreaterThan(0.02);
  });
});

describe('lockResult refuses a result that changed the room', () => {
  it.each([
    ['corpus: window painted over', 'opening_covered'],
    ['sample room 0: window painted over', 'opening_covered'],
    ['sample room 1: door removed', 'opening_covered'],
    ['sample room 1: doorway closed into a niche', 'opening_covered'],
    ['real drifted output, its right window filled with wall', undefined],
    ['real drifted output, its left window behind a wall unit', 'architecture_changed'],
    ['corpus: re-rendered in another style', ['too_much_changed', 'opening_covered']],
    ['sample room 0: re-rendered in another style', undefined],
    ['corpus: another room swapped in', 'alignment_failed'],
    ['sample room: another room swapped in', 'alignment_failed'],
    ['corpus: balcony door made narrower', 'opening_covered'],
    ['sample room 0: window moved along the wall', undefined],
    ['corpus: window painted over, furniture pasted, scale 1.03', 'opening_covered'],
  ] as const)('%s → refused', async (prefix, reason: string | readonly string[] | undefined) => {
    const c = cases.find((k) => k.name.startsWith(prefix))!;
    expect(c, prefix).toBeDefined();
    const outcome = await outcomeOf(c);
    expect(outcome.verdict).toBe('refused');
    // The reason names what changed (a re-rendered room's new wallpaper covers its window too).
    if (outcome.verdict === 'refused' && reason) expect(outcome.reasons.some((r) => (typeof reason === 'string' ? [reason] : reason).includes(r)), outcome.reasons.join('+')).toBe(true);
  });
});

describe('lockResult at full resolution', () => {
  it('returns the photographer’s own pixels outside the mask at the original’s resolution, the answer being smaller', async () => {
    const c = cases.find((k) => k.name === 'corpus: furniture pasted, scale 1.06, rotation 1.5°, shift 2%/-3%, resized to 1024×1536')!;
    const original = await sharp(c.original).resize(1800, 2400, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const outcome = await lockResult(original, c.result);
    expect(outcome.verdict).toBe('locked');
    if (outcome.verdict !== 'locked') return;
    expect([outcome.composite.width, outcome.composite.height]).toEqual([1800, 2400]);
    const { data, info } = await (await outcome.composite.render()).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([1800, 2400, 3]);
    const decoded = await decodeRgb(original);
    let same = 0;
    for (let i = 0; i < decoded.width * decoded.height; i++) {
      const j = 3 * i;
      if (decoded.data[j] === data[j] && decoded.data[j + 1] === data[j + 1] && decoded.data[j + 2] === data[j + 2]) same++;
    }
    // Everything outside the change mask (and its feathered edge) is the original, pixel for pixel.
    expect(same / (decoded.width * decoded.height)).toBeGreaterThan(1 - outcome.figures.changedShare - 0.06);
    const mask = await sharp(outcome.changeMask).metadata();
    expect(Math.max(mask.width, mask.height)).toBeLessThanOrEqual(1024);
  });

  it('draws the same composite at a smaller delivered size (the free plan’s), furniture in place', async () => {
    const c = cases.find((k) => k.name === 'corpus: furniture pasted, scale 1.06, rotation 1.5°, shift 2%/-3%, resized to 1024×1536')!;
    const outcome = await outcomeOf(c);
    if (outcome.verdict !== 'locked') throw new Error('expected a locked result');
    const size = { width: Math.round(outcome.composite.width / 3), height: Math.round(outcome.composite.height / 3) };
    const small = await (await outcome.composite.render(size)).raw().toBuffer({ resolveWithObject: true });
    expect([small.info.width, small.info.height, small.info.channels]).toEqual([size.width, size.height, 3]);
    const fullPng = await (await outcome.composite.render()).png().toBuffer();
    const shrunk = await sharp(fullPng).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
    const furnished = await sharp(c.truth!.furnished.data, { raw: { width: c.truth!.furnished.width, height: c.truth!.furnished.height, channels: 3 } }).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
    const original = await sharp(c.original).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    // Drawn small, it is the full-size composite shrunk: a patch off by a pixel or two differs along every edge ...
    let off = 0;
    for (let i = 0; i < shrunk.length; i += 3) {
      if (Math.max(Math.abs(shrunk[i] - small.data[i]), Math.abs(shrunk[i + 1] - small.data[i + 1]), Math.abs(shrunk[i + 2] - small.data[i + 2])) > 24) off++;
    }
    expect(off / (shrunk.length / 3)).toBeLessThan(0.001);
    // ... and the furniture is there: nearer the furnished picture than the empty room.
    let toFurnished = 0;
    let toOriginal = 0;
    for (let i = 0; i < small.data.length; i++) {
      toFurnished += Math.abs(small.data[i] - furnished[i]);
      toOriginal += Math.abs(small.data[i] - original[i]);
    }
    expect(toFurnished).toBeLessThan(toOriginal);
  });

  it('stops when the signal is aborted', async () => {
    const c = cases[0];
    await expect(lockResult(c.original, c.result, { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
