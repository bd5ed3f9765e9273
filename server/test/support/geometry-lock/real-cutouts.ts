import sharp, { type OverlayOptions } from 'sharp';
import { corpusImage } from '../corpus.js';
import { applyDrift, decodeRgb, driftCoverage, type Drift, encodeAnswer, type Rgb } from './drift.js';
import { addedPixels, describe, type LockCase, PORTRAIT_PROVIDER, type Room } from './lock-cases.js';
import { lockResult } from '../../../src/staging/geometry-lock/lock.js';

/**
 * Issue #34 asks for generated cases built from real model furniture, not only drawn pieces. The
 * corpus's good output (`furnish-after.jpg`) re-rendered its whole floor, so a plain difference with
 * the photo does not isolate its furniture; the lock's own change mask of that good pair does (on
 * plain floor and wall, where it is not in question here). Inside a hand-marked box it cuts out a piece
 * a real model rendered (fabric, wood grain, soft shadows, a chair's thin frame), which is pasted, scaled,
 * where staging often puts furniture and where the lock used to refuse it: before the balcony door's
 * glass, against the wall under the ceiling. The answer is then drifted like a provider's output; the
 * pasted pixels are the known answer.
 */


interface Cut {
  /** Where the piece is in furnish-after.jpg (shares of the frame). */
  from: { x0: number; y0: number; x1: number; y1: number };
  /** Where its top-left corner goes in the photo (shares) and its scale. */
  to: { x: number; y: number; scale: number };
}

/** The grey sofa and the armchair with its thin black frame of the good output (its floor lamp stands where the model re-drew the curtain: no clean piece). */
export const REAL_PIECES = {
  sofa: { x0: 0.1, y0: 0.53, x1: 0.47, y1: 0.72 },
  armchair: { x0: 0.53, y0: 0.655, x1: 0.84, y1: 0.905 },
} as const;

export async function realCutoutCases(corpus: Room, drift: Drift): Promise<LockCase[]> {
  const before = corpus.pixels;
  const after = await decodeRgb(corpusImage('furnish-after.jpg'));
  if (after.width !== before.width || after.height !== before.height) throw new Error('furnish-after.jpg must be pixel-aligned with furnish-before.jpg');
  const good = await lockResult(corpus.photo, corpusImage('furnish-after.jpg'));
  if (good.verdict !== 'locked') throw new Error('the corpus good pair must lock to cut its furniture out');
  const pieces = await sharp(good.changeMask).resize(before.width, before.height).greyscale().raw().toBuffer();
  return [
    await pasted(corpus, after, pieces, 'the real sofa of a model’s output before the balcony door’s lower part', [{ from: REAL_PIECES.sofa, to: { x: 0.42, y: 0.52, scale: 0.75 } }], drift),
    await pasted(corpus, after, pieces, 'the real armchair (a thin frame) of a model’s output before the balcony door', [{ from: REAL_PIECES.armchair, to: { x: 0.5, y: 0.5, scale: 0.6 } }], drift),
  ];
}

async function pasted(room: Room, after: Rgb, pieces: Buffer, what: string, cuts: Cut[], drift: Drift): Promise<LockCase> {
  const { width, height } = room.pixels;
  const layers = await Promise.all(cuts.map((cut) => cutOut(after, pieces, cut)));
  const data = await sharp(room.pixels.data, { raw: { width, height, channels: 3 } }).composite(layers).removeAlpha().raw().toBuffer();
  const picture: Rgb = { data, width, height };
  const answer = await applyDrift(picture, { ...drift, size: drift.size ?? PORTRAIT_PROVIDER });
  return {
    name: `${room.name}: ${what}: furniture pasted, ${describe(drift)}`,
    expected: 'locked',
    original: room.photo,
    result: await encodeAnswer(answer),
    truth: { furnished: picture, added: addedPixels(room.pixels, picture), inAnswer: await driftCoverage(picture, drift) },
  };
}

/** The piece inside `cut.from` as RGBA (alpha from the good pair's change mask, `pieces`), scaled and placed. */
async function cutOut(after: Rgb, pieces: Buffer, cut: Cut): Promise<OverlayOptions> {
  const { width, height } = after;
  const x0 = Math.round(cut.from.x0 * width);
  const y0 = Math.round(cut.from.y0 * height);
  const w = Math.round((cut.from.x1 - cut.from.x0) * width);
  const h = Math.round((cut.from.y1 - cut.from.y0) * height);
  const cleaned = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cleaned[y * w + x] = pieces[(y0 + y) * width + x0 + x];
  const rgba = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const j = 3 * ((y0 + Math.floor(i / w)) * width + x0 + (i % w));
    rgba[4 * i] = after.data[j];
    rgba[4 * i + 1] = after.data[j + 1];
    rgba[4 * i + 2] = after.data[j + 2];
    rgba[4 * i + 3] = cleaned[i];
  }
  const sw = Math.max(1, Math.round(w * cut.to.scale));
  const sh = Math.max(1, Math.round(h * cut.to.scale));
  const input = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } }).resize(sw, sh).png().toBuffer();
  return { input, left: Math.round(cut.to.x * width), top: Math.round(cut.to.y * height) };
}
