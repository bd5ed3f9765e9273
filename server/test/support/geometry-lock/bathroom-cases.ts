import sharp from 'sharp';
import { project } from '../../../src/staging/engines/offline/room-camera.js';
import { renderSampleRoom, sampleRoomPlan } from '../../../src/staging/engines/sample-room.js';
import { applyDrift, decodeRgb, type Drift, encodeAnswer, type Rgb } from './drift.js';
import { furnitureSvg } from './furniture-svg.js';
import { describe, LANDSCAPE_PROVIDER, type LockCase } from './lock-cases.js';

/**
 * Generated bathroom cases for the geometry lock (decision 063), each with its answer known. The
 * drawn sample room with a side window gets a bathroom's fixtures in true perspective: tiles on the
 * back wall, a built-in bathtub, a basin on a pedestal and a toilet. Staging a bathroom adds loose
 * things (towels, a plant, a bath mat, a stool): delivered. A model that moves the basin, replaces
 * the bathtub or takes the toilet away changed the room: refused.
 */
const WIDTH = 1200;
const HEIGHT = 900;
const VARIANT = 1; // a side window and a door on the other side wall: the back wall is free for fixtures

export interface BathroomFixtures {
  /** Centre of the basin along the back wall (metres, camera X). */
  basinAt: number;
  /** 'pedestal': a basin on a pedestal; 'vanity': a vessel basin on a vanity cabinet standing on the floor. */
  basin: 'pedestal' | 'vanity';
  /** 'built-in': a tub panelled in along the back wall; 'freestanding': an oval tub on feet, away from the wall; null: none. */
  tub: 'built-in' | 'freestanding' | null;
  toilet: boolean;
}

export const PHOTOGRAPHED: BathroomFixtures = { basinAt: 0.35, basin: 'pedestal', tub: 'built-in', toilet: true };

/** The bathroom as photographed, or as a model re-drew its fixtures, at the photo's geometry. */
export async function bathroomPixels(fixtures: BathroomFixtures, extraSvg = ''): Promise<Rgb> {
  const room = await decodeRgb(await renderSampleRoom(VARIANT, WIDTH, HEIGHT));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${fixturesSvg(fixtures)}${extraSvg}</svg>`;
  const data = await sharp(room.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).composite([{ input: Buffer.from(svg) }]).removeAlpha().raw().toBuffer();
  return { data, width: WIDTH, height: HEIGHT };
}

export async function bathroomCases(): Promise<LockCase[]> {
  const photo = await encodeAnswer(await bathroomPixels(PHOTOGRAPHED));
  const drift: Drift = { scale: 1.02, rotateDeg: 0.5, shiftX: 0.01, shiftY: 0, size: LANDSCAPE_PROVIDER };
  const answer = async (name: string, expected: LockCase['expected'], fixtures: BathroomFixtures, withDecor = true): Promise<LockCase> => {
    const picture = await bathroomPixels(fixtures, withDecor ? decorSvg() : '');
    return { name: `bathroom: ${name}, ${describe(drift)}`, expected, original: photo, result: await encodeAnswer(await applyDrift(picture, drift)) };
  };
  return [
    await answer('a towel over the bathtub, a stool with towels, a plant and a bath mat added', 'locked', PHOTOGRAPHED),
    await answer('the basin moved 0.8 m along the wall', 'refused', { ...PHOTOGRAPHED, basinAt: PHOTOGRAPHED.basinAt + 0.8 }),
    await answer('the pedestal basin replaced by a vanity unit', 'refused', { ...PHOTOGRAPHED, basin: 'vanity' }),
    await answer('the built-in bathtub replaced by a freestanding one', 'refused', { ...PHOTOGRAPHED, tub: 'freestanding' }),
    await answer('the toilet taken away', 'refused', { ...PHOTOGRAPHED, toilet: false }),
  ];
}

/** Loose bathroom decor in the photo's pixels: a towel over the tub's rim, a stool with towels, a plant, a bath mat. */
function decorSvg(): string {
  const { camera: c, left, right } = sampleRoomPlan(VARIANT, WIDTH, HEIGHT);
  const D = c.backDistance;
  const P = (X: number, Y: number, d: number) => project(c, X, Y, d);
  const between = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) });
  const svg = furnitureSvg(WIDTH, HEIGHT, [
    { kind: 'rug', box: between(P(left + 0.3, 0, D - 0.85), P(left + 1.3, 0, D - 1.45)), colour: '#d9d4c8' },
    { kind: 'plant', box: between(P(right - 1.25, 1.0, D - 0.8), P(right - 0.85, 0, D - 0.8)) },
  ]);
  // A towel folded over the tub's front rim, and a stool with three folded towels beside the tub.
  const t0 = P(left + 0.9, 0.58, D - 0.76);
  const t1 = P(left + 1.3, 0.2, D - 0.76);
  const towel = `<rect x="${t0.x}" y="${t0.y}" width="${t1.x - t0.x}" height="${t1.y - t0.y}" rx="3" fill="#3f6f8f"/>`;
  const s0 = P(left + 1.95, 0.62, D - 0.6);
  const s1 = P(left + 2.3, 0, D - 0.6);
  const h = s1.y - s0.y;
  const stool = `<rect x="${s0.x}" y="${s0.y + h * 0.3}" width="${s1.x - s0.x}" height="${h * 0.08}" fill="#a58a6a"/>` +
    `<rect x="${s0.x + 3}" y="${s0.y + h * 0.38}" width="6" height="${h * 0.62}" fill="#8a6f50"/><rect x="${s1.x - 9}" y="${s0.y + h * 0.38}" width="6" height="${h * 0.62}" fill="#8a6f50"/>` +
    ['#efe9df', '#3f6f8f', '#d8cfc0'].map((colour, i) => `<rect x="${s0.x + 4}" y="${s0.y + i * h * 0.1}" width="${s1.x - s0.x - 8}" height="${h * 0.1}" rx="3" fill="${colour}"/>`).join('');
  return svg.replace(/^<svg[^>]*>|<\/svg>$/g, '') + towel + stool;
}

/** The fixtures in the room's perspective (shaded white ceramic, chrome taps, grey grout). */
export function fixturesSvg(f: BathroomFixtures): string {
  const { camera: c, left, right } = sampleRoomPlan(VARIANT, WIDTH, HEIGHT);
  const D = c.backDistance;
  const P = (X: number, Y: number, d: number) => project(c, X, Y, d);
  const poly = (pts: Array<{ x: number; y: number }>, fill: string, extra = '') => `<polygon points="${pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
  // Ceramic faces meet the wall and each other along a thin seam of shade, as in a photo.
  const face = (pts: Array<{ x: number; y: number }>, fill: string) => poly(pts, fill, 'stroke="#a9afb2" stroke-width="1.5" stroke-linejoin="round"');
  const box = (x0: number, x1: number, y0: number, y1: number, d0: number, d1: number, front: string, top: string, side: string) => {
    const out = [face([P(x0, y1, d1), P(x1, y1, d1), P(x1, y1, d0), P(x0, y1, d0)], top)];
    // The side toward the camera axis is the one that shows.
    if (x1 < 0) out.push(face([P(x1, y1, d0), P(x1, y1, d1), P(x1, y0, d1), P(x1, y0, d0)], side));
    if (x0 > 0) out.push(face([P(x0, y1, d0), P(x0, y1, d1), P(x0, y0, d1), P(x0, y0, d0)], side));
    out.push(face([P(x0, y1, d0), P(x1, y1, d0), P(x1, y0, d0), P(x0, y0, d0)], front));
    return out.join('');
  };
  const out: string[] = [];
  // Tiles to 1.3 m on the back wall: pale tiles, grey grout every 0.3 m.
  out.push(poly([P(left, 1.3, D), P(right, 1.3, D), P(right, 0, D), P(left, 0, D)], '#e9ecec'));
  for (let y = 0.3; y < 1.31; y += 0.3) out.push(`<line x1="${P(left, y, D).x}" y1="${P(left, y, D).y}" x2="${P(right, y, D).x}" y2="${P(right, y, D).y}" stroke="#9aa1a3" stroke-width="2"/>`);
  for (let x = left + 0.3; x < right; x += 0.3) out.push(`<line x1="${P(x, 1.3, D).x}" y1="${P(x, 1.3, D).y}" x2="${P(x, 0, D).x}" y2="${P(x, 0, D).y}" stroke="#9aa1a3" stroke-width="2"/>`);
  if (f.tub === 'built-in') {
    const [x0, x1, d0] = [left + 0.02, left + 1.72, D - 0.75];
    out.push(box(x0, x1, 0, 0.56, d0, D, '#f1f2f1', '#fbfbfa', '#dcdedd'));
    out.push(poly([P(x0 + 0.08, 0.56, D - 0.06), P(x1 - 0.08, 0.56, D - 0.06), P(x1 - 0.08, 0.56, d0 + 0.08), P(x0 + 0.08, 0.56, d0 + 0.08)], '#c9ced1'));
    out.push(box((x0 + x1) / 2 - 0.05, (x0 + x1) / 2 + 0.05, 0.56, 0.78, D - 0.06, D, '#9ea4a8', '#c8ccce', '#7d8387'));
  } else if (f.tub === 'freestanding') {
    const cx = left + 1.1;
    const dc = D - 1.1;
    const a = P(cx - 0.8, 0.6, dc);
    const b = P(cx + 0.8, 0.6, dc);
    const bottom = P(cx, 0.12, dc);
    out.push(`<ellipse cx="${(a.x + b.x) / 2}" cy="${(a.y + bottom.y) / 2}" rx="${(b.x - a.x) / 2}" ry="${(bottom.y - a.y) / 2 + 6}" fill="#f6f5f2"/>`);
    out.push(`<ellipse cx="${(a.x + b.x) / 2}" cy="${a.y}" rx="${(b.x - a.x) / 2}" ry="${(bottom.y - a.y) * 0.18}" fill="#cfd3d4"/>`);
    for (const fx of [-0.6, 0.6]) {
      const foot = P(cx + fx, 0, dc);
      out.push(`<rect x="${foot.x - 5}" y="${foot.y - 22}" width="10" height="22" fill="#b08d57"/>`);
    }
  }
  // The basin on its pedestal, a tap at its back.
  const bx = f.basinAt;
  if (f.basin === 'pedestal') {
    out.push(box(bx - 0.09, bx + 0.09, 0, 0.72, D - 0.3, D - 0.12, '#eeefee', '#f7f7f6', '#d6d8d7'));
    out.push(box(bx - 0.3, bx + 0.3, 0.72, 0.88, D - 0.48, D, '#f2f3f2', '#fbfbfa', '#dadcdb'));
    out.push(poly([P(bx - 0.22, 0.88, D - 0.1), P(bx + 0.22, 0.88, D - 0.1), P(bx + 0.22, 0.88, D - 0.42), P(bx - 0.22, 0.88, D - 0.42)], '#c6cbce'));
    out.push(box(bx - 0.025, bx + 0.025, 0.88, 1.05, D - 0.06, D, '#9ea4a8', '#c8ccce', '#7d8387'));
  } else {
    // A wooden vanity cabinet with two drawers, a round vessel basin on top and a tall black tap.
    out.push(box(bx - 0.4, bx + 0.4, 0.05, 0.82, D - 0.5, D, '#7a5a3e', '#8d6b4c', '#5e442e'));
    for (const y of [0.3, 0.56]) out.push(`<line x1="${P(bx - 0.38, y, D - 0.5).x}" y1="${P(bx - 0.38, y, D - 0.5).y}" x2="${P(bx + 0.38, y, D - 0.5).x}" y2="${P(bx + 0.38, y, D - 0.5).y}" stroke="#3e2c1e" stroke-width="2"/>`);
    const top = P(bx, 0.82, D - 0.25);
    const rim = P(bx + 0.22, 0.97, D - 0.25);
    out.push(`<ellipse cx="${top.x}" cy="${(top.y + rim.y) / 2}" rx="${rim.x - top.x}" ry="${(top.y - rim.y) / 2}" fill="#fafaf8"/>`);
    out.push(box(bx - 0.02, bx + 0.02, 0.82, 1.2, D - 0.06, D - 0.02, '#222', '#333', '#111'));
  }
  if (f.toilet) {
    const tx = right - 0.5;
    out.push(box(tx - 0.2, tx + 0.2, 0.42, 0.8, D - 0.2, D, '#eff0ef', '#f8f8f7', '#d8dad9'));
    out.push(box(tx - 0.17, tx + 0.17, 0, 0.42, D - 0.68, D - 0.2, '#eceeed', '#f7f7f6', '#d4d6d5'));
    out.push(poly([P(tx - 0.15, 0.42, D - 0.25), P(tx + 0.15, 0.42, D - 0.25), P(tx + 0.15, 0.42, D - 0.62), P(tx - 0.15, 0.42, D - 0.62)], '#c4c9cc'));
  }
  return out.join('');
}

/** For a look at the cases: the photographed bathroom as a PNG. */
export async function bathroomPhotoPng(): Promise<Buffer> {
  const { data, width, height } = await bathroomPixels(PHOTOGRAPHED);
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
