import { type Box, DISPLACED_SHARE } from './verify.js';
import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';
import { type Opening } from './openings.js';
import { cannyEdges, type Segment } from './structure-lines.js';
import { hungOnPlainWall, texture } from './wall-decor.js';

/**
 * The change mask is "what differs", and a model changes more than furniture: it re-draws a door
 * jamb, closes a doorway into plain wall, swaps a range hood for a microwave. Such a region must not
 * be delivered from the model. This step looks at the photo's long structure lines (frames, corners,
 * cabinet edges) inside each region of the mask, in the upper part of the frame (above where
 * furniture stands), and asks what happened to them in the result:
 * - gone, with flat wall where they were and no edge anywhere near (erased: a window painted over, a
 *   doorway closed): the room was changed, refused;
 * - re-drawn a little way off (a re-render moved a jamb by 10–25 px): if the region shows nothing
 *   new besides (no new texture: it was never furniture) and fills no opening, it is taken back from
 *   the mask, so the photo's own pixels are delivered there (restored);
 * - gone behind something textured: furniture standing on the floor hides lines (a bookcase in front
 *   of a corner), so what reaches down into the floor's part of the frame may do that; what floats
 *   on the wall and hides the photo's structure replaced a built-in: refused. Standing is judged
 *   under each hidden point (standsOnFloor), not per region: a wall unit merged in the mask with
 *   the floor lamp beside it still floats.
 * All sizes are shares of the frame.
 */
export interface StructureInMask {
  /** The hard mask with the restored regions taken out. */
  hard: Uint8Array;
  /** Share of the frame restored to the photo. */
  restoredShare: number;
  /** Regions that changed the room's structure (empty when none). */
  changed: Box[];
}

/** Lines are judged above this share of the height: where walls, openings and wall units are. */
const UPPER_PART = 0.5;
/** Below this share of the height is the floor's part of the frame: what reaches down there stands on the floor. */
const GROUNDED = 0.62;
/** A gap (share of the height) in the mask below a point that still lets it stand on the floor. */
const FLOOR_GAP = 0.02;
/** Lost line length (share of the long side) that counts as a structural change. */
const MIN_LOST = 0.05;
/** Gradient (8-bit levels per pixel, Sobel/4, 9 px box mean) below which the result is flat wall. */
const FLAT = 3;

/** Share of an opening's upper two thirds a region may cover and still be restored. */
const MAX_OPENING_OVERLAP = 0.35;
/** A region with less than this share of new texture was never furniture. */
const MIN_NEW_TEXTURE = 0.12;

export function judgeStructureInMask(
  cv: CV,
  input: { hard: Uint8Array; width: number; height: number; lines: Segment[]; openings: Opening[]; alignedEdges: Uint8Array; nearbyEdges: Uint8Array; originalGrey: any; alignedGrey: any },
): StructureInMask {
  const { width, height } = input;
  const long = Math.max(width, height);
  const { labels, stats, count } = withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, input.hard, width, height, 1));
    const l = keep(new cv.Mat());
    const s = keep(new cv.Mat());
    const c = keep(new cv.Mat());
    const n = cv.connectedComponentsWithStats(m, l, s, c, 8, cv.CV_32S);
    return { labels: new Int32Array(l.data32S), stats: new Int32Array(s.data32S), count: n };
  });
  const resultTexture = texture(cv, input.alignedGrey);
  // The photo's texture anywhere near: a re-drawn jamb a few pixels off brings nothing new.
  const photoTexture = nearestMaximum(cv, texture(cv, input.originalGrey), width, height, Math.round(DISPLACED_SHARE * long));
  const erased = new Float64Array(count);
  const displaced = new Float64Array(count);
  const displacedFloating = new Float64Array(count);
  const behind = new Float64Array(count);
  // Where each region hides floating structure: the box of those line points (for wall decor).
  const hiddenBox = Array.from({ length: count }, () => ({ x0: width, y0: height, x1: -1, y1: -1 }));
  const widen = (k: number, x: number, y: number) => {
    const b = hiddenBox[k];
    b.x0 = Math.min(b.x0, x);
    b.y0 = Math.min(b.y0, y);
    b.x1 = Math.max(b.x1, x);
    b.y1 = Math.max(b.y1, y);
  };
  const upper = Math.round(UPPER_PART * height);
  const standing = standsOnFloor(input.hard, width, height, Math.round(GROUNDED * height), Math.round(FLOOR_GAP * height));
  for (const line of input.lines) {
    const steps = Math.max(2, Math.round(line.length / 2));
    const stepLength = line.length / steps;
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(line.x1 + ((line.x2 - line.x1) * s) / steps);
      const y = Math.round(line.y1 + ((line.y2 - line.y1) * s) / steps);
      if (y >= upper) continue;
      const i = y * width + x;
      const k = labels[i];
      if (!k || input.alignedEdges[i]) continue;
      if (resultTexture[i] >= FLAT) {
        if (!standing[i]) {
          behind[k] += stepLength;
          widen(k, x, y);
        }
      } else if (input.nearbyEdges[i]) {
        displaced[k] += stepLength;
        if (!standing[i]) {
          displacedFloating[k] += stepLength;
          widen(k, x, y);
        }
      } else erased[k] += stepLength;
    }
  }
  // What hung on plain wall (a canvas, a mirror) may be replaced by other decor (wall-decor.ts).
  let photoEdges: Uint8Array | undefined;
  const decor = (k: number) => hungOnPlainWall((photoEdges ??= withMats(cv, (keep) => rawFromMat(keep(cannyEdges(cv, input.originalGrey, 50, 150))))), width, height, hiddenBox[k], input.openings);
  const hard = new Uint8Array(input.hard);
  const changed: Box[] = [];
  const restore = new Uint8Array(count);
  let restored = 0;
  for (let k = 1; k < count; k++) {
    const [x, y, w, h, area] = [stats[5 * k], stats[5 * k + 1], stats[5 * k + 2], stats[5 * k + 3], stats[5 * k + 4]];
    const box = { x0: x, y0: y, x1: x + w - 1, y1: y + h - 1 };
    const lost = MIN_LOST * long;
    if (erased[k] >= lost) {
      changed.push(box);
      continue;
    }
    if (displaced[k] >= lost) {
      // A window or door filled in is never restored quietly: the verification refuses it.
      const fillsOpening = input.openings.some((o) => overlapShare(labels, k, o, width) > MAX_OPENING_OVERLAP);
      // Only a band along the re-drawn lines is a re-render's slip; a wider flat region is an object.
      const sliver = area <= displaced[k] * 2 * DISPLACED_SHARE * long;
      if (sliver && !fillsOpening && newTextureShare(labels, k, box, width, resultTexture, photoTexture, area) < MIN_NEW_TEXTURE) {
        restore[k] = 1;
        restored += area;
        continue;
      }
      if (displacedFloating[k] >= lost && !decor(k)) changed.push(box);
      continue;
    }
    if (behind[k] >= lost && !decor(k)) changed.push(box);
  }
  if (restored) for (let i = 0; i < hard.length; i++) if (restore[labels[i]]) hard[i] = 0;
  return { hard, restoredShare: restored / (width * height), changed };
}

/**
 * Per pixel: 1 where the mask runs down from it, without a gap wider than `gap` rows, to the floor's
 * part of the frame (row `floor` and below): the point belongs to something standing on the floor
 * (a bookcase, a curtain, a floor lamp). A wall unit that merely touches such an object in the mask
 * does not stand on the floor where it hides the photo's structure.
 */
function standsOnFloor(hard: Uint8Array, width: number, height: number, floor: number, gap: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    // The row of the nearest standing mask pixel at or below the current one.
    let standingAt = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      const i = y * width + x;
      if (!hard[i]) continue;
      if (y >= floor || standingAt - y <= gap) {
        out[i] = 1;
        standingAt = y;
      }
    }
  }
  return out;
}

/** Share of an opening's upper two thirds that region `k` covers. */
function overlapShare(labels: Int32Array, k: number, o: Opening, width: number): number {
  const bottom = o.y0 + Math.round(((o.y1 - o.y0) * 2) / 3);
  let inside = 0;
  let area = 0;
  for (let y = o.y0; y <= bottom; y++) {
    for (let x = o.x0; x <= o.x1; x++) {
      area++;
      if (labels[y * width + x] === k) inside++;
    }
  }
  return area ? inside / area : 0;
}

/** Share of a region's pixels where the result has clear texture the photo does not have there. */
function newTextureShare(labels: Int32Array, k: number, box: { x0: number; y0: number; x1: number; y1: number }, width: number, result: Float32Array, photo: Float32Array, area: number): number {
  let fresh = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const i = y * width + x;
      if (labels[i] === k && result[i] >= 2 * FLAT && result[i] > 2 * photo[i]) fresh++;
    }
  }
  return fresh / Math.max(1, area);
}

/** Maximum over a square of the given radius. */
function nearestMaximum(cv: CV, values: Float32Array, width: number, height: number, radius: number): Float32Array {
  return withMats(cv, (keep) => {
    const m = keep(new cv.Mat(height, width, cv.CV_32FC1));
    m.data32F.set(values);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * radius + 1, 2 * radius + 1)));
    cv.dilate(m, m, kernel, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE, new cv.Scalar());
    return new Float32Array(m.data32F);
  });
}
