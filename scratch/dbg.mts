import { readFileSync } from 'node:fs';
import { loadCv } from '../server/src/staging/geometry-lock/opencv.js';
import { loadWorkingPair } from '../server/src/staging/geometry-lock/working-images.js';
import { greyMat, warpToOriginal } from '../server/src/staging/geometry-lock/aligned-result.js';
import { alignResult } from '../server/src/staging/geometry-lock/align.js';
import { fitColourCorrection, applyColourCorrection } from '../server/src/staging/geometry-lock/colour-match.js';
import { findChangeMask } from '../server/src/staging/geometry-lock/change-mask.js';
import { longLines } from '../server/src/staging/geometry-lock/structure-lines.js';
import { findOpenings } from '../server/src/staging/geometry-lock/openings.js';
const { cv } = await loadCv();
const pair = await loadWorkingPair(readFileSync('/work/shared/corpus/declutter-before.jpg'), readFileSync(process.argv[2] ?? '/work/shared/corpus/declutter-after.jpg'));
const og = greyMat(cv, pair.original); const rg = greyMat(cv, pair.result);
const al = alignResult(cv, og, rg);
const { aligned, valid } = warpToOriginal(cv, pair.result, al.homography);
const corr = fitColourCorrection(pair.original.data, aligned.data, valid); applyColourCorrection(aligned.data, 3, corr);
const mask = findChangeMask(cv, pair.original, aligned, valid);
const lines = longLines(cv, og);
const openings = findOpenings(cv, pair.original, og, lines);
console.log(pair.original.width, pair.original.height, mask.changedShare, mask.differingShare, openings);
import { cannyEdges } from '../server/src/staging/geometry-lock/structure-lines.js';
import { rawFromMat } from '../server/src/staging/geometry-lock/opencv.js';
const ag = greyMat(cv, aligned);
const e = cannyEdges(cv, ag, 25, 75);
const k = cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(7, 7));
cv.dilate(e, e, k, new cv.Point(-1, -1), 1);
const edges = rawFromMat(e);
const W = pair.original.width, H = pair.original.height;
for (const l of lines) {
  const vert = Math.abs(l.x2 - l.x1) < 0.2 * Math.abs(l.y2 - l.y1);
  const steps = Math.round(l.length / 2); let inMask = 0, found = 0, n = 0;
  for (let s = 0; s <= steps; s++) { const x = Math.round(l.x1 + (l.x2 - l.x1) * s / steps), y = Math.round(l.y1 + (l.y2 - l.y1) * s / steps); const i = y * W + x; n++; if (mask.hard[i]) inMask++; if (edges[i]) found++; }
  if (inMask / n > 0.3) console.log(vert ? 'V' : 'H', Math.round(l.x1), Math.round(l.y1), Math.round(l.x2), Math.round(l.y2), 'len', Math.round(l.length), 'inMask', (inMask / n).toFixed(2), 'found', (found / n).toFixed(2));
}
