import { withoutAddedLight } from '../objects/added-light.js';
import { type CV, withMats } from '../threads/opencv.js';
import { cannyEdges } from '../structure/structure-lines.js';

/**
 * Figures for the defects a customer sees in a delivered image (decision 058), at working size, beside
 * the seam figure (seam.ts). Each is 0 for a clean image:
 * - `cutObjects`: share of the mask's outline where the model's picture has an edge just outside the
 *   mask that the photo has nowhere near: an object (a pendant's canopy, a rug's far edge, a plant's
 *   leaf) goes on past the mask and was cut off by it;
 * - `lightPatchwork`: share of the frame in delivered regions that only got brighter, with no edge of
 *   an object in them (objects/added-light.ts): light the model switched on, beside unlit ceiling;
 * - `viewReplaced` (opening-views.ts): share of the windows' area delivered from the model with no
 *   object in front of it: a re-drawn view.
 */
export interface DefectFigures {
  cutObjects: number;
  lightPatchwork: number;
}

/** Pixels outside the mask's outline where a cut object shows. */
const OUTSIDE = 3;
/** A result edge is the photo's when the photo has one within this radius. */
const SAME_EDGE = 2;

export function defectFigures(cv: CV, input: { originalGrey: any; litGrey: any; hard: Uint8Array; width: number; height: number }): DefectFigures {
  const { width, height, hard } = input;
  const fresh = withMats(cv, (keep) => {
    const photo = keep(cannyEdges(cv, input.originalGrey, 25, 75));
    cv.dilate(photo, photo, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * SAME_EDGE + 1, 2 * SAME_EDGE + 1))), new cv.Point(-1, -1), 1);
    const result = keep(cannyEdges(cv, input.litGrey, 50, 150));
    const p = photo.data as Uint8Array;
    const r = result.data as Uint8Array;
    const out = new Uint8Array(width * height);
    for (let i = 0; i < out.length; i++) out[i] = r[i] && !p[i] ? 1 : 0;
    return out;
  });
  let outline = 0;
  let cut = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!hard[i]) continue;
      // An outline pixel: look outward along each side that leaves the mask.
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        if (hard[i + dy * width + dx]) continue;
        outline++;
        const ox = x + dx * OUTSIDE;
        const oy = y + dy * OUTSIDE;
        if (ox >= 0 && oy >= 0 && ox < width && oy < height && fresh[oy * width + ox] && !hard[oy * width + ox]) cut++;
      }
    }
  }
  const lightPatchwork = withoutAddedLight(cv, { ...input, measureOnly: true }).restoredShare;
  return { cutObjects: round(outline ? cut / outline : 0), lightPatchwork: round(lightPatchwork) };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
