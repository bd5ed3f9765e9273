import { type CV, matFromRaw, withMats } from '../threads/opencv.js';
import { cannyEdges } from '../structure/structure-lines.js';

/**
 * Light the model added on the building is not an object (decision 058): recessed lights switched
 * on, a glow on a wall, a sunlit patch on the ceiling. The light field (light-field.ts) divides out
 * what is smooth; what it leaves are brighter patches with no object in them. Delivered from the
 * model they make a patchwork of lit and unlit ceiling, so a region of the mask that only got
 * brighter, with no edge the photo does not have, is given back to the photo as a whole.
 * A region with an object in it (a lamp and its glow) keeps its light, whole and feathered.
 */
/** Luma (8-bit) by which a pixel must be brighter than the photo to count as lit. */
const LIT = 6;
/** Share of a region that must be lit for it to be light alone. */
const MIN_LIT_SHARE = 0.6;
/** New edge pixels per pixel of a region below which it shows no object (an object's outline alone is more). */
const MAX_NEW_EDGES = 0.004;
/** A result edge counts as the photo's when the photo has one within this many pixels. */
const SAME_EDGE_RADIUS = 2;

/**
 * The mask without its light-only regions, and their share of the frame. `measureOnly`: the mask is
 * returned as it is, and the share is of the light-only regions it still has (the `lightPatchwork` figure).
 */
export function withoutAddedLight(cv: CV, input: { hard: Uint8Array; width: number; height: number; originalGrey: any; litGrey: any; measureOnly?: boolean }): { hard: Uint8Array; restoredShare: number } {
  const { width, height } = input;
  const originalLuma = input.originalGrey.data as Uint8Array;
  const litLuma = input.litGrey.data as Uint8Array;
  const { labels, count, newEdges } = withMats(cv, (keep) => {
    const photoEdges = keep(cannyEdges(cv, input.originalGrey, 25, 75));
    const r = SAME_EDGE_RADIUS;
    cv.dilate(photoEdges, photoEdges, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1))), new cv.Point(-1, -1), 1);
    const resultEdges = keep(cannyEdges(cv, input.litGrey, 25, 75));
    const p = photoEdges.data as Uint8Array;
    const e = resultEdges.data as Uint8Array;
    const fresh = new Uint8Array(width * height);
    for (let i = 0; i < fresh.length; i++) fresh[i] = e[i] && !p[i] ? 1 : 0;
    const m = keep(matFromRaw(cv, input.hard, width, height, 1));
    const l = keep(new cv.Mat());
    const n = cv.connectedComponents(m, l, 8, cv.CV_32S);
    return { labels: new Int32Array(l.data32S), count: n, newEdges: fresh };
  });
  const area = new Int32Array(count);
  const lit = new Int32Array(count);
  const fresh = new Int32Array(count);
  for (let i = 0; i < labels.length; i++) {
    const k = labels[i];
    if (!k) continue;
    area[k]++;
    if (litLuma[i] > originalLuma[i] + LIT) lit[k]++;
    if (newEdges[i]) fresh[k]++;
  }
  const lightOnly = new Uint8Array(count);
  let restored = 0;
  for (let k = 1; k < count; k++) {
    if (lit[k] >= MIN_LIT_SHARE * area[k] && fresh[k] < MAX_NEW_EDGES * area[k]) {
      lightOnly[k] = 1;
      restored += area[k];
    }
  }
  if (!restored || input.measureOnly) return { hard: input.hard, restoredShare: restored / (width * height) };
  const hard = new Uint8Array(input.hard);
  for (let i = 0; i < hard.length; i++) if (lightOnly[labels[i]]) hard[i] = 0;
  return { hard, restoredShare: restored / (width * height) };
}

