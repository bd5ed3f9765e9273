import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRgb, type Rgb } from '../../../../test/support/geometry-lock/drift.js';
import { deliveredJpeg } from '../../../../test/support/geometry-lock/lock-quality.js';
import { PATCHES, surfaceCases, type SurfaceCase } from '../../../../test/support/geometry-lock/surface-cases.js';
import { lockResult } from '../lock.js';
import type { LockOutcome } from '../lock-result.js';

/**
 * The lock's surface mode (decision 062) on generated cases whose answer is known
 * (server/test/support/geometry-lock/surface-cases.ts): the chosen surfaces re-done inside their lines
 * are delivered with the model's colour there and the photo's everywhere else; a moved window or
 * cabinet line is refused; a surface re-done that was not chosen is the photo's again.
 */
let cases: SurfaceCase[];
const outcomes = new Map<string, LockOutcome>();

beforeAll(async () => {
  cases = await surfaceCases();
  for (const c of cases) outcomes.set(c.name, await lockResult(c.original, c.result, { mode: 'surface', renovation: c.choice }));
}, 240_000);

type Patch = { x0: number; y0: number; x1: number; y1: number };
function mean(image: Rgb, p: Patch): [number, number, number] {
  const sx = image.width / 1200;
  const sy = image.height / 800;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(p.y0 * sy); y < Math.round(p.y1 * sy); y++) {
    for (let x = Math.round(p.x0 * sx); x < Math.round(p.x1 * sx); x++) {
      for (let c = 0; c < 3; c++) sum[c] += image.data[(y * image.width + x) * 3 + c];
      n++;
    }
  }
  return sum.map((s) => s / n) as [number, number, number];
}
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('geometry lock, surface mode (generated cases)', () => {
  it('gives every case its known verdict', () => {
    const got = cases.map((c) => {
      const o = outcomes.get(c.name)!;
      return { name: c.name, verdict: o.verdict, restored: o.figures.restoredSurfaces ?? [], reasons: o.verdict === 'refused' ? o.reasons : [] };
    });
    expect(got.map((g) => `${g.name}: ${g.verdict}`)).toEqual(cases.map((c) => `${c.name}: ${c.expected}`));
    for (const c of cases.filter((k) => k.expected === 'locked')) expect(got.find((g) => g.name === c.name)!.restored).toEqual(c.restored ?? []);
  });

  it('refuses a moved window or cabinet line as a changed room, not for alignment', () => {
    for (const c of cases.filter((k) => k.expected === 'refused')) {
      const o = outcomes.get(c.name)!;
      expect(o.verdict === 'refused' && o.reasons.some((r) => r === 'architecture_changed' || r === 'opening_covered'), c.name).toBe(true);
      expect(o.verdict === 'refused' && o.reasons.includes('alignment_failed'), c.name).toBe(false);
    }
  });

  it('delivers the model’s walls and the photo’s ceiling, floor, window and cabinet', async () => {
    const c = cases.find((k) => k.name === 'walls asked, ceiling re-done too (restored)')!;
    const o = outcomes.get(c.name)!;
    if (o.verdict !== 'locked') throw new Error('refused');
    const [photo, answer, delivered] = await Promise.all([decodeRgb(c.original), decodeRgb(c.result), deliveredJpeg(o)]);
    // Walls: the model's colour, within the distance between the answer's and the photo's (bound from input).
    for (const wall of [PATCHES.backWall, PATCHES.leftWall, PATCHES.rightWall]) {
      const gap = distance(mean(answer, wall), mean(photo, wall));
      expect(gap).toBeGreaterThan(40);
      expect(distance(mean(delivered, wall), mean(answer, wall))).toBeLessThan(gap * 0.15);
    }
    // The ceiling the model re-did, the floor it kept: the photo's.
    for (const surface of [PATCHES.ceiling, PATCHES.floor]) expect(distance(mean(delivered, surface), mean(photo, surface))).toBeLessThan(4);
    // The window's view and the cabinet front are the photo's.
    expect(distance(mean(delivered, { x0: 410, y0: 250, x1: 460, y1: 310 }), mean(photo, { x0: 410, y0: 250, x1: 460, y1: 310 }))).toBeLessThan(4);
    expect(distance(mean(delivered, { x0: 740, y0: 460, x1: 780, y1: 530 }), mean(photo, { x0: 740, y0: 460, x1: 780, y1: 530 }))).toBeLessThan(4);
  });

  it('delivers a re-done floor and keeps the walls', async () => {
    const c = cases.find((k) => k.name === 'floor re-done in light oak (other boards)')!;
    const o = outcomes.get(c.name)!;
    if (o.verdict !== 'locked') throw new Error('refused');
    const [photo, answer, delivered] = await Promise.all([decodeRgb(c.original), decodeRgb(c.result), deliveredJpeg(o)]);
    const gap = distance(mean(answer, PATCHES.floor), mean(photo, PATCHES.floor));
    expect(distance(mean(delivered, PATCHES.floor), mean(answer, PATCHES.floor))).toBeLessThan(gap * 0.15);
    expect(distance(mean(delivered, PATCHES.backWall), mean(photo, PATCHES.backWall))).toBeLessThan(4);
    expect(o.figures.changedShare).toBeGreaterThan(0.1);
  });
});
