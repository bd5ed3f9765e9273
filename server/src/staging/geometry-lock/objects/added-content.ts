import { greyMat } from '../alignment/aligned-result.js';
import { addedBodies, type ChangeMask, findChangeMask, softened } from './change-mask.js';
import { applyColourCorrection, type ColourCorrection, fitColourCorrection } from '../light/colour-match.js';
import { estimateLightField, type LightField, withoutLight } from '../light/light-field.js';
import { type LockMode } from '../lock-result.js';
import { type CV, rawFromMat } from '../threads/opencv.js';
import { type Opening } from '../structure/openings.js';
import { withoutAddedLight } from './added-light.js';
import { restoreOpeningViews } from './opening-views.js';
import { judgeStructureInMask } from '../structure/structure-in-mask.js';
import { cannyEdges, type Segment } from '../structure/structure-lines.js';
import { texture } from '../structure/wall-decor.js';
import { alignedEdgeMaps, type Box, type VerifyInput } from '../structure/verify.js';
import { type Raster } from '../alignment/working-images.js';

/**
 * What the model added to an aligned result, and everything the verification reads about it
 * (DESIGN §6, decision 035): the global colour match, the model's light divided out
 * (light-field.ts), the change mask of what is left, regions that re-drew the room restored or
 * flagged (structure-in-mask.ts), and the result's edges. Shared by the lock's analysis and the
 * offline engine's guard, so both judge a picture with the same steps.
 * The caller owns `alignedGrey` and deletes it.
 */
export interface AddedContent {
  correction: ColourCorrection;
  light: LightField;
  /** The aligned result with the model's light divided out. */
  lit: Raster;
  mask: ChangeMask;
  /** Share of the daylight openings still taken from the model with no object in front (opening-views.ts). */
  viewReplaced: number;
  checks: Omit<VerifyInput, 'originalGrey' | 'alignment'> & { alignedGrey: any };
}

export function inspectAdded(
  cv: CV,
  input: { original: Raster; originalGrey: any; aligned: Raster; valid: Uint8Array; lines: Segment[]; openings: Opening[]; mode: LockMode },
): AddedContent {
  const { original, aligned, valid, lines, openings, originalGrey } = input;
  const { width, height } = original;
  const correction = fitColourCorrection(original.data, aligned.data, valid);
  applyColourCorrection(aligned.data, 3, correction);
  // What is left of the model's light over the frame is not "added": it is divided out before the
  // comparison and from the delivered furniture (light-field.ts).
  // Twice: the objects found with the first field are no evidence of the light for the second, so a
  // large rug or sofa is not divided out of itself as if it were light on the floor.
  const direction = input.mode === 'remove' ? 'remove' : 'add';
  const firstLight = estimateLightField(cv, original, aligned, valid);
  const bodies = addedBodies(cv, original, withoutLight(firstLight, aligned), valid, direction);
  const light = estimateLightField(cv, original, aligned, valid, bodies);
  const lit = withoutLight(light, aligned);
  let mask = findChangeMask(cv, original, lit, valid, direction);
  // Edges are structure, not light: the checks read the result as aligned (globally colour-matched).
  const alignedGrey = greyMat(cv, aligned);
  const litGrey = greyMat(cv, lit);
  const litLuma = rawFromMat(litGrey);
  const { tolerant: alignedEdges, nearby } = alignedEdgeMaps(cv, alignedGrey);
  let structureChanged: Box[] = [];
  let judgedSoft: Uint8Array | undefined;
  let viewReplaced = 0;
  let openingsFilled: Opening[] = [];
  let originalEdges: Uint8Array | undefined;
  if (input.mode === 'furnish') {
    // The photo's edges, for the views and for the verification's opening rule (one Canny pass).
    originalEdges = photoEdges(cv, originalGrey);
    const firstSoft = mask.soft;
    // Light the model switched on with no object in it is the photo's again (added-light.ts).
    const unlit = withoutAddedLight(cv, { hard: mask.hard, width, height, originalGrey, litGrey });
    // Re-drawn views through windows are the photo's again; only what stands in front stays (opening-views.ts).
    const views = restoreOpeningViews(cv, { hard: unlit.hard, width, height, openings, originalLuma: rawFromMat(originalGrey), resultLuma: rawFromMat(alignedGrey), originalTexture: texture(cv, originalGrey), resultTexture: texture(cv, litGrey), originalEdges, nearbyEdges: nearby });
    openingsFilled = views.filled;
    viewReplaced = views.viewReplaced;
    const judged = judgeStructureInMask(cv, { hard: views.hard, width, height, lines, openings, alignedEdges, nearbyEdges: nearby, originalGrey, alignedGrey });
    // The restored regions are the photo's; their lines were judged there, not by the verification.
    if (judged.restoredShare > 0 || views.restoredShare > 0 || unlit.restoredShare > 0) {
      judgedSoft = firstSoft;
      mask = { ...mask, hard: Buffer.from(judged.hard), ...softened(cv, judged.hard, valid, width, height) };
    }
    structureChanged = judged.changed;
  }
  litGrey.delete();
  return { correction, light, lit, mask, viewReplaced, checks: { alignedGrey, alignedEdges, nearbyEdges: nearby, originalEdges, litLuma, valid, mask, lines, openings, structureChanged, judgedSoft, openingsFilled } };
}

function photoEdges(cv: CV, grey: any): Uint8Array {
  const edges = cannyEdges(cv, grey, 50, 150);
  try {
    return rawFromMat(edges);
  } finally {
    edges.delete();
  }
}
