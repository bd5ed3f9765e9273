import { type CV, matFromRaw, withMats } from '../threads/opencv.js';
import { type LockRefusalReason } from '../lock-result.js';

/**
 * A bathroom's fixtures stay as photographed (decision 063). Staging a bathroom adds loose things: a
 * towel over the tub's rim, a stool, a bath mat, a plant. A model that moves the basin, swaps the
 * built-in bathtub for a freestanding one, puts a vanity unit where the pedestal basin was or takes
 * the toilet away changed the room, and the general rules do not see it: a fixture stands on the
 * floor (or low on the wall, below where structure lines are judged) like furniture does.
 *
 * Sanitary ware is white or light grey ceramic: bright and nearly colourless. Parted by the photo's
 * edges (a fixture's outline and the seam of shade where it meets white tiles), each connected region
 * of such pixels in the photo that is neither a wall (too large, or running out of the frame) nor one
 * tile of a tiled wall (many regions of the same size and shape) is taken for a fixture. When the
 * model's change mask covers most of a fixture, the fixture was moved, replaced or hidden: refused
 * (as `architecture_changed`: the room itself changed). Covering part of it (a towel over the rim, a
 * plant before the toilet) is staging.
 *
 * Known limits: a fixture that is not light ceramic (a black basin, a wooden tub) is not found; white
 * tiles with light grout merge with the fixtures before them into one region too large to judge. The
 * rule then leaves the photo to the general rules, as before.
 */

/** Brightest channel at least this (8-bit): ceramic in an exposed photo. */
const MIN_BRIGHTNESS = 180;
/** (max − min) / max of the channels at most this: white and grey, not a beige or coloured wall. */
const MAX_SATURATION = 0.09;
/** Canny thresholds for the outlines that part a fixture from the wall behind it. */
const EDGE_LOW = 20;
const EDGE_HIGH = 60;
/** A fixture region is at least this share of the long side across, both ways. */
const MIN_THICKNESS = 0.012;
/** A fixture region reaches below this share of the frame's height. */
const LOW_PART = 0.5;
/** Pixels (working size) a result's edge may lie off the photo's and still be the same outline. */
const OUTLINE_TOLERANCE = 2;
/** Faces of one fixture lie at most this share of the long side apart. */
const FACE_GAP = 0.006;
/** A fixture's share of the frame: smaller is a highlight or a tap, larger is a wall or the ceiling. */
const MIN_FIXTURE_SHARE = 0.001;
const MAX_FIXTURE_SHARE = 0.1;
/** At least this many regions of one size and shape are the tiles of a wall, not fixtures. */
const TILE_SIBLINGS = 5;
/** Regions whose area, width and height each differ by less than this share are alike. */
const ALIKE = 0.3;
/** A fixture changed over more than this share of its area was moved, replaced or hidden. */
export const MAX_FIXTURE_CHANGED = 0.5;

export interface FixtureJudgement {
  /** The fixtures found in the photo (regions in working pixels). */
  fixtures: number;
  /** The largest share of one fixture's area the change mask covers (0 when none was found). */
  worstChanged: number;
  /** Fixtures changed over more than MAX_FIXTURE_CHANGED. */
  changed: number;
}

type Rgb = { data: Uint8Array; width: number; height: number };

export function judgeBathroomFixtures(cv: CV, input: { original: Rgb; aligned: Rgb; hard: Uint8Array; valid: Uint8Array }): FixtureJudgement {
  const { width, height, data } = input.original;
  const n = width * height;
  const ceramic = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[3 * i]!;
    const g = data[3 * i + 1]!;
    const b = data[3 * i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    ceramic[i] = max >= MIN_BRIGHTNESS && (max - min) / max <= MAX_SATURATION ? 255 : 0;
  }
  const { labels, stats, count, outline, resultNear } = withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, ceramic, width, height, 1));
    const edgesOf = (raster: Rgb) => {
      const grey = keep(new cv.Mat());
      cv.cvtColor(keep(matFromRaw(cv, raster.data, width, height, 3)), grey, cv.COLOR_RGB2GRAY);
      const edges = keep(new cv.Mat());
      cv.Canny(grey, edges, EDGE_LOW, EDGE_HIGH);
      return edges;
    };
    const square = (size: number) => keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(size, size)));
    // The photo's edges part a fixture from the white tiles behind it (its outline, its seam of shade).
    const edges = edgesOf(input.original);
    const photoOutline = new Uint8Array(edges.data);
    const parted = keep(new cv.Mat());
    cv.dilate(edges, parted, square(3));
    cv.subtract(m, parted, m);
    // The result's edges, widened by the alignment's tolerance: where the photo's outline still is.
    const near = keep(new cv.Mat());
    cv.dilate(edgesOf(input.aligned), near, square(2 * OUTLINE_TOLERANCE + 1));
    // A 3 px opening drops noise and thin highlights, and cuts regions joined by a hairline.
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.morphologyEx(m, m, cv.MORPH_OPEN, kernel);
    const l = keep(new cv.Mat());
    const s = keep(new cv.Mat());
    const c = keep(new cv.Mat());
    const k = cv.connectedComponentsWithStats(m, l, s, c, 8, cv.CV_32S);
    return { labels: new Int32Array(l.data32S), stats: new Int32Array(s.data32S), count: k, outline: photoOutline, resultNear: new Uint8Array(near.data) };
  });
  // stats per label: left, top, width, height, area.
  const box = (k: number) => ({ x: stats[5 * k]!, y: stats[5 * k + 1]!, w: stats[5 * k + 2]!, h: stats[5 * k + 3]!, area: stats[5 * k + 4]! });
  const sized: number[] = [];
  for (let k = 1; k < count; k++) {
    const b = box(k);
    const share = b.area / n;
    const touchesBorder = b.x <= 0 || b.y <= 0 || b.x + b.w >= width || b.y + b.h >= height;
    // Fixtures stand on the floor or hang below eye height: they end in the lower half of a level photo (a window does not).
    const low = b.y + b.h >= LOW_PART * height;
    // A fixture has a body; a strip (a skirting board, a sill, a rim seen edge-on) is trim.
    const thick = Math.min(b.w, b.h) >= MIN_THICKNESS * Math.max(width, height);
    if (share >= MIN_FIXTURE_SHARE && share <= MAX_FIXTURE_SHARE && !touchesBorder && low && thick) sized.push(k);
  }
  const alike = (a: number, b: number) => Math.abs(a - b) <= ALIKE * Math.max(a, b);
  const fixtures = sized.filter((k) => {
    const b = box(k);
    const siblings = sized.filter((j) => j !== k && alike(box(j).area, b.area) && alike(box(j).w, b.w) && alike(box(j).h, b.h)).length;
    return siblings < TILE_SIBLINGS;
  });
  // The faces of one fixture (a tub's front and rim, a toilet's bowl and cistern) touch: one fixture.
  const gap = Math.max(2, Math.round(FACE_GAP * Math.max(width, height)));
  const parent = fixtures.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let a = 0; a < fixtures.length; a++) {
    for (let b = a + 1; b < fixtures.length; b++) {
      const p = box(fixtures[a]!);
      const q = box(fixtures[b]!);
      const near = p.x - gap <= q.x + q.w && q.x - gap <= p.x + p.w && p.y - gap <= q.y + q.h && q.y - gap <= p.y + p.h;
      if (near) parent[root(a)] = root(b);
    }
  }
  const groupOf = new Map(fixtures.map((k, i) => [k, root(i)]));
  const area = new Float64Array(fixtures.length);
  const covered = new Float64Array(fixtures.length);
  for (let i = 0; i < n; i++) {
    const g = groupOf.get(labels[i]!);
    if (g === undefined || !input.valid[i]) continue;
    area[g]! += 1;
    if (input.hard[i]) covered[g]! += 1;
  }
  // The fixture's outline: the photo's edges beside its faces. Gone where the result has no edge near
  // (a white fixture swapped for white tiles or another white fixture hardly differs, but its outline goes).
  const outlineOf = new Int32Array(n).fill(-1);
  withMats(cv, (keep) => {
    const faces = new Uint8Array(n);
    for (let i = 0; i < n; i++) faces[i] = groupOf.has(labels[i]!) ? 255 : 0;
    const grown = keep(matFromRaw(cv, faces, width, height, 1));
    cv.dilate(grown, grown, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5))));
    const near = new Uint8Array(grown.data);
    // Each outline pixel belongs to the fixture whose face is nearest along its row or column (2 px).
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!outline[i] || !near[i]) continue;
        for (const [dx, dy] of [[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]] as const) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const g = groupOf.get(labels[yy * width + xx]!);
          if (g !== undefined) {
            outlineOf[i] = g;
            break;
          }
        }
      }
    }
  });
  const outlineLength = new Float64Array(fixtures.length);
  const outlineGone = new Float64Array(fixtures.length);
  for (let i = 0; i < n; i++) {
    const g = outlineOf[i]!;
    if (g < 0 || !input.valid[i]) continue;
    outlineLength[g]! += 1;
    if (!resultNear[i]) outlineGone[g]! += 1;
  }
  let worstChanged = 0;
  let changed = 0;
  let judged = 0;
  for (let g = 0; g < fixtures.length; g++) {
    if (!area[g]) continue;
    judged++;
    const share = Math.max(covered[g]! / area[g]!, outlineLength[g]! ? outlineGone[g]! / outlineLength[g]! : 0);
    worstChanged = Math.max(worstChanged, share);
    if (share > MAX_FIXTURE_CHANGED) changed++;
  }
  return { fixtures: judged, worstChanged: Math.round(worstChanged * 1000) / 1000, changed };
}

/** The lock's reasons with `architecture_changed` where a bathroom's fixture changed (in the verdict's fixed order). */
export function withBathroomFixtures(cv: CV, reasons: LockRefusalReason[], input: Parameters<typeof judgeBathroomFixtures>[1]): LockRefusalReason[] {
  if (reasons.includes('architecture_changed') || judgeBathroomFixtures(cv, input).changed === 0) return reasons;
  return reasons[0] === 'alignment_failed' ? ['alignment_failed', 'architecture_changed', ...reasons.slice(1)] : ['architecture_changed', ...reasons];
}
