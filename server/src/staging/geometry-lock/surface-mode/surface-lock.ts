import sharp from 'sharp';
import { chosenSurfaces, type RenovationChoice } from '../../../../../contract/renovation.js';
import { alignResult } from '../alignment/align.js';
import { greyMat, warpToOriginal } from '../alignment/aligned-result.js';
import { loadWorkingPair, type Raster } from '../alignment/working-images.js';
import { maskBox, type ComposeGeometry } from '../compose/compose.js';
import type { LockAnalysis } from '../analysis.js';
import { NO_CORRECTION } from '../light/colour-match.js';
import type { LockRefusalReason } from '../lock-result.js';
import { findOpenings, type Opening } from '../structure/openings.js';
import { cannyEdges, longLines, type Segment } from '../structure/structure-lines.js';
import { round } from '../structure/verdict.js';
import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';
import { findSurfaces, meanColour, type SurfaceMasks, type SurfaceName, unionOf } from './surfaces.js';

/**
 * The geometry lock's surface mode (decision 062): a renovation result may change the appearance of
 * the chosen surfaces and nothing else. After the usual alignment:
 *
 * 1. **Lines stay.** Every long line of the photo (wall, ceiling and floor junctions, frames, a
 *    cabinet's outline) must have an edge of the result within `NEAR_PX`, except where it lies inside a
 *    re-done surface (a board joint of the old floor). Below `MIN_LINES_KEPT` of them: refused.
 * 2. **No new lines.** A long line of the result that the photo has nowhere near is a moved window,
 *    cabinet or wall: refused, unless it lies inside a surface re-done with a pattern (a new floor's
 *    boards) or along a chosen surface's own outline (a wall now darker than the ceiling).
 * 3. **Openings stay.** A window's or door's own edges must still be there (`MIN_OPENING_KEPT`).
 * 4. **Only the chosen surfaces are delivered from the model.** Everything else (other surfaces,
 *    openings and their views, fixtures, furniture) is the photo's; a surface not chosen that the
 *    model re-did anyway is named in `restoredSurfaces` and given back to the photo.
 */
const NEAR_PX = 3;
const MIN_LINES_KEPT = 0.85;
const MIN_OPENING_KEPT = 0.6;
/** A result line counts as new when at least this share of it is far from every edge of the photo. */
const NEW_LINE_SHARE = 0.7;
/** A surface not chosen is "re-done" when its mean colour moved this far (RGB distance). */
const RESTORE_DISTANCE = 24;
/** A pixel of a chosen surface counts as changed when it moved this far (mean of channels). */
const CHANGED_LEVEL = 14;

const PATTERNED_FLOOR = true;
/** Canny thresholds for "an edge is there" (the long lines themselves are found at 50/150). */
const FAINT_EDGE = [16, 40] as const;

export async function analyseSurfaces(cv: CV, original: Buffer, result: Buffer, choice: RenovationChoice): Promise<LockAnalysis> {
  const pair = await loadWorkingPair(original, result);
  const { width, height } = pair.original;
  const long = Math.max(width, height);
  const originalGrey = greyMat(cv, pair.original);
  const mats: any[] = [originalGrey];
  try {
    const resultGrey = greyMat(cv, pair.result);
    mats.push(resultGrey);
    const alignment = alignResult(cv, originalGrey, resultGrey);
    if (!alignment.ok) {
      const residual = Number.isFinite(alignment.residualPx) ? round((alignment.residualPx * 1024) / long, 3) : 999;
      return { verdict: 'refused', reasons: ['alignment_failed'], figures: { alignmentErrorPx: residual, changedShare: 1, architectureScore: 0, structureSupport: alignment.support.supporting } };
    }
    const { aligned, valid } = warpToOriginal(cv, pair.result, alignment.homography);
    const alignedGrey = greyMat(cv, aligned);
    mats.push(alignedGrey);
    const lines = longLines(cv, originalGrey);
    const openings = findOpenings(cv, pair.original, originalGrey, lines);
    const surfaces = findSurfaces(cv, pair.original, openings, lines);
    const chosen = chosenSurfaces(choice);
    const chosenMask = unionOf(surfaces, chosen);
    const { interior, outline } = interiorAndOutline(cv, chosenMask, width, height);
    const patterned = choice.floor && PATTERNED_FLOOR ? erode(cv, surfaces.floor, width, height, 2) : new Uint8Array(width * height);
    const near = withMats(cv, (keep) => {
      // Faint edges count as "still there": a repainted wall changes every edge's contrast, and Canny's
      // hysteresis then keeps or drops a faint edge depending on its strong neighbours.
      const photoCanny = keep(cannyEdges(cv, originalGrey, FAINT_EDGE[0], FAINT_EDGE[1]));
      return { photoEdges: new Uint8Array(rawFromMat(photoCanny)), photo: dilate(cv, photoCanny, NEAR_PX), result: dilate(cv, keep(cannyEdges(cv, alignedGrey, FAINT_EDGE[0], FAINT_EDGE[1])), NEAR_PX) };
    });

    const reasons: LockRefusalReason[] = [];
    const architectureScore = linesKept(lines, near.result, interior, valid, width);
    if (architectureScore < MIN_LINES_KEPT) reasons.push('architecture_changed');
    // The result's lines as faint as the photo's edges they are compared with: a window frame moved on a
    // wall kept in its pale old colour is faint.
    const resultLines = longLines(cv, alignedGrey, undefined, FAINT_EDGE);
    const added = newLines(resultLines, near.photo, patterned, outline, valid, width);
    if (added.length && !reasons.includes('architecture_changed')) reasons.push('architecture_changed');
    if (openings.some((o) => openingKept(o, near.photoEdges, near.result, width) < MIN_OPENING_KEPT)) reasons.push('opening_covered');

    const restoredSurfaces = (['walls', 'floor', 'ceiling'] as SurfaceName[]).filter((s) => !chosen.includes(s) && surfaceRedone(pair.original, aligned, surfaces[s], valid));
    const changedShare = changedIn(pair.original, aligned, chosenMask, valid) / (width * height);
    const figures = {
      alignmentErrorPx: round((alignment.residualPx * 1024) / long, 3),
      changedShare: round(changedShare, 4),
      architectureScore: round(architectureScore, 3),
      structureSupport: alignment.support.supporting,
      restoredSurfaces,
      newLines: added.length,
    };
    if (reasons.length) return { verdict: 'refused', reasons, figures };

    const softMask = deliveredMask(cv, chosenMask, surfaces, chosen, valid, width, height);
    const geometry: ComposeGeometry = {
      full: pair.full,
      resultSize: pair.resultSize,
      working: { width, height },
      homography: alignment.homography,
      correction: NO_CORRECTION,
      light: { width: 1, height: 1, cell: long, gains: new Float32Array(3) },
      softMask,
      box: maskBox(softMask, width, height),
    };
    const changeMask = await sharp(softMask, { raw: { width, height, channels: 1 } }).png().toBuffer();
    return { verdict: 'locked', figures, changeMask, geometry };
  } finally {
    for (const m of mats) m.delete();
  }
}

/** The share of the photo's long-line points (outside re-done surfaces' insides) that still have an edge of the result nearby. */
function linesKept(lines: Segment[], resultNear: Uint8Array, interior: Uint8Array, valid: Uint8Array, width: number): number {
  let total = 0;
  let kept = 0;
  for (const point of pointsOf(lines)) {
    const i = point.y * width + point.x;
    if (interior[i] || !valid[i]) continue;
    total++;
    if (resultNear[i]) kept++;
  }
  return total ? kept / total : 1;
}

/** The result's long lines the photo has no edge near, outside a patterned new surface and off the chosen surfaces' outline. */
function newLines(lines: Segment[], photoNear: Uint8Array, patterned: Uint8Array, outline: Uint8Array, valid: Uint8Array, width: number): Segment[] {
  return lines.filter((line) => {
    let judged = 0;
    let unexplained = 0;
    for (const p of pointsOf([line])) {
      const i = p.y * width + p.x;
      if (patterned[i] || outline[i] || !valid[i]) continue;
      judged++;
      if (!photoNear[i]) unexplained++;
    }
    return judged >= 20 && unexplained >= NEW_LINE_SHARE * judged;
  });
}

/** Share of an opening's own edges (the photo's Canny edges in its box) that the result still has. */
function openingKept(o: Opening, photoEdges: Uint8Array, resultNear: Uint8Array, width: number): number {
  let total = 0;
  let kept = 0;
  for (let y = o.y0; y <= o.y1; y++) {
    for (let x = o.x0; x <= o.x1; x++) {
      const i = y * width + x;
      if (!photoEdges[i]) continue;
      total++;
      if (resultNear[i]) kept++;
    }
  }
  return total ? kept / total : 1;
}

function surfaceRedone(original: Raster, aligned: Raster, mask: Uint8Array, valid: Uint8Array): boolean {
  const a = meanColour(original, mask, valid);
  const b = meanColour(aligned, mask, valid);
  return Boolean(a && b && Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) > RESTORE_DISTANCE);
}

function changedIn(original: Raster, aligned: Raster, mask: Uint8Array, valid: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || !valid[i]) continue;
    const d = Math.abs(original.data[i * 3] - aligned.data[i * 3]) + Math.abs(original.data[i * 3 + 1] - aligned.data[i * 3 + 1]) + Math.abs(original.data[i * 3 + 2] - aligned.data[i * 3 + 2]);
    if (d > CHANGED_LEVEL * 3) count++;
  }
  return count;
}

/**
 * What is delivered from the model: the chosen surfaces, grown over the photo's edge pixels between
 * them and their neighbours (so no seam of the old colour is left along a corner), never into an
 * opening or a surface not chosen, feathered by a pixel.
 */
function deliveredMask(cv: CV, chosenMask: Uint8Array, surfaces: SurfaceMasks, chosen: SurfaceName[], valid: Uint8Array, width: number, height: number): Uint8Array {
  const grown = dilate(cv, chosenMask, 2, width, height);
  const others = unionOf(surfaces, (['walls', 'floor', 'ceiling'] as SurfaceName[]).filter((s) => !chosen.includes(s)));
  for (let i = 0; i < grown.length; i++) if (others[i] || !valid[i]) grown[i] = 0;
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, grown, width, height, 1));
    cv.GaussianBlur(m, m, new cv.Size(3, 3), 0, 0, cv.BORDER_REPLICATE);
    const out = rawFromMat(m);
    // Never over an opening's pixels or another surface, also not through the feather.
    for (let i = 0; i < out.length; i++) if (others[i]) out[i] = 0;
    return new Uint8Array(out);
  });
}

function interiorAndOutline(cv: CV, mask: Uint8Array, width: number, height: number): { interior: Uint8Array; outline: Uint8Array } {
  const interior = erode(cv, mask, width, height, 6);
  const outer = dilate(cv, mask, 5, width, height);
  const inner = erode(cv, mask, width, height, 5);
  const outline = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (outer[i] && !inner[i]) outline[i] = 255;
  return { interior, outline };
}

function erode(cv: CV, mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return morph(cv, mask, width, height, radius, 'erode');
}

/** Dilates a 0/255 mask (or a Canny Mat, then width/height come from it) by `radius` pixels. */
function dilate(cv: CV, mask: Uint8Array | any, radius: number, width?: number, height?: number): Uint8Array {
  if (mask instanceof Uint8Array) return morph(cv, mask, width!, height!, radius, 'dilate');
  return morph(cv, rawFromMat(mask), mask.cols, mask.rows, radius, 'dilate');
}

function morph(cv: CV, mask: Uint8Array, width: number, height: number, radius: number, op: 'erode' | 'dilate'): Uint8Array {
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, mask, width, height, 1));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * radius + 1, 2 * radius + 1)));
    if (op === 'erode') cv.erode(m, m, kernel, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE);
    else cv.dilate(m, m, kernel);
    return new Uint8Array(rawFromMat(m));
  });
}

/** Integer points every 2 px along each segment. */
function* pointsOf(lines: Segment[]): Generator<{ x: number; y: number }> {
  for (const l of lines) {
    const steps = Math.max(1, Math.round(l.length / 2));
    for (let k = 0; k <= steps; k++) yield { x: Math.round(l.x1 + ((l.x2 - l.x1) * k) / steps), y: Math.round(l.y1 + ((l.y2 - l.y1) * k) / steps) };
  }
}
