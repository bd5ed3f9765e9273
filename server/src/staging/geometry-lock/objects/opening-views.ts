import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';
import { hasView, type Opening } from '../structure/openings.js';

/**
 * What is seen through a window or a glazed door is always the photo's (decision 058). A model
 * re-draws the view beside the furniture it adds (another garden, another skyline, a wavy glazing
 * bar), and the change mask takes that in with the furniture. Inside each daylight opening this step
 * keeps in the mask only what stands in front of the glass, and gives the rest back to the photo:
 *
 * - an object in front of a window is physically connected to something outside the glass: it stands
 *   on the floor below the sill, hangs from the wall or the ceiling, or (a curtain) runs down beside
 *   it. So a part of the mask inside the glass is an object when it continues across the glass's
 *   outline into mask outside it: along a long stretch of the outline (curtains, a tall bookcase)
 *   where it darkens the daylight or brings texture the view did not have, or as a silhouette
 *   (darker than the daylight it hides) that reaches the outline;
 * - everything else the model changed inside the glass (a re-drawn view, re-drawn glazing bars) is
 *   the photo's again; enclosed parts of a kept object (a pale lampshade ringed by its frame) stay.
 *
 * Windows and glazed doors have a view (openings.ts `hasView`); doorways are left as they are.
 */
export interface OpeningViews {
  /** The hard mask with the re-drawn views taken out. */
  hard: Uint8Array;
  /** Share of the frame given back to the photo. */
  restoredShare: number;
  /**
   * Openings the model filled in rather than re-drew: what would be given back is flat where the photo
   * showed glazing bars and a view (paint, plaster). They are refused (opening_covered), not patched.
   */
  filled: Opening[];
  /**
   * Share of the daylight openings' area that the delivered image takes from the model without an
   * object in front of it (the figure "view replaced"; 0 after this step unless an object claims it).
   */
  viewReplaced: number;
}

/** Luma (8-bit) by which the result (in the model's own light) must be darker than the photo's daylight to be a silhouette. */
const SILHOUETTE_DARKENING = 40;
/** Share of a side of the glass along which a mask region must continue outside to be an object as a whole. */
const LONG_CONTACT = 0.4;
/** Outline pixels a silhouette must share with mask outside the glass (a lamp's pole, a plant's stem). */
const MIN_CONTACT = 2;
/** Gap (px, working size) across which drawn pixels of one object are joined: a curtain's folds, a plant's leaves. */
const ENTRY_GAP = 2;
/** Outline pixels at which the drawn part of a long region must cross the glass's outline. */
const ENTRY_CONTACT = 3;
/** A view given back over this share of the opening, with more than FILLED_ERASED of the photo's edges there gone flat, was filled in. */
const FILLED_AREA = 0.3;
const FILLED_ERASED = 0.5;
/** Gradient (Sobel/4, 9 px mean) of texture that counts as drawn, when the photo has less than half of it there. */
const NEW_TEXTURE = 6;

export interface ViewPictures {
  hard: Uint8Array;
  width: number;
  height: number;
  originalLuma: Uint8Array;
  resultLuma: Uint8Array;
  /** Local gradient energy of photo and result (wall-decor.ts `texture`). */
  originalTexture: Float32Array;
  resultTexture: Float32Array;
  /** The photo's edges (Canny 50/150) and the result's edges widened by DISPLACED_SHARE (verify.ts `alignedEdgeMaps`). */
  originalEdges: Uint8Array;
  nearbyEdges: Uint8Array;
}

export function restoreOpeningViews(cv: CV, input: ViewPictures & { openings: Opening[] }): OpeningViews {
  const { width, height, openings } = input;
  const hard = new Uint8Array(input.hard);
  let restored = 0;
  let glass = 0;
  const filled: Opening[] = [];
  for (const o of openings) {
    if (!hasView(o)) continue;
    glass += (o.x1 - o.x0 + 1) * (o.y1 - o.y0 + 1);
    const one = restoreOne(cv, hard, input, o);
    restored += one.restored;
    if (one.filled) filled.push(o);
  }
  // What is still taken from the model inside the glass: objects (by this step's rules).
  let replaced = 0;
  for (const o of openings) {
    if (!hasView(o)) continue;
    for (let y = o.y0; y <= o.y1; y++) for (let x = o.x0; x <= o.x1; x++) if (hard[y * width + x] && !objectLike(input, y * width + x)) replaced++;
  }
  return { hard, restoredShare: restored / (width * height), filled, viewReplaced: glass ? replaced / glass : 0 };
}

function isSilhouette(input: ViewPictures, i: number): boolean {
  return input.resultLuma[i] < input.originalLuma[i] - SILHOUETTE_DARKENING;
}

/** A silhouette, or texture the photo's view does not have there (folds of a curtain, a plant's leaves, shelves). */
function objectLike(input: ViewPictures, i: number): boolean {
  return isSilhouette(input, i) || newTexture(input, i);
}

function newTexture(input: ViewPictures, i: number): boolean {
  const t = input.resultTexture[i];
  return t >= NEW_TEXTURE && t > 2 * input.originalTexture[i];
}

/** Restores one opening's re-drawn view inside `hard` (in place); returns the pixels restored and whether the opening was filled in. */
function restoreOne(cv: CV, hard: Uint8Array, input: ViewPictures, o: Opening): { restored: number; filled: boolean } {
  const { width } = input;
  const bw = o.x1 - o.x0 + 1;
  const bh = o.y1 - o.y0 + 1;
  const inBox = new Uint8Array(bw * bh);
  const silhouette = new Uint8Array(bw * bh);
  let any = 0;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (o.y0 + y) * width + o.x0 + x;
      if (!hard[i]) continue;
      inBox[y * bw + x] = 255;
      if (isSilhouette(input, i)) silhouette[y * bw + x] = 255;
      any++;
    }
  }
  if (!any) return { restored: 0, filled: false };
  const outside = (x: number, y: number) => x >= 0 && y >= 0 && x < input.width && y < input.height && hard[y * width + x] > 0;
  /** Per box-local pixel on the outline: 1 when the mask continues outward from it. */
  const continuesOut = (x: number, y: number) => {
    const gx = o.x0 + x;
    const gy = o.y0 + y;
    return (x === 0 && outside(gx - 1, gy)) || (x === bw - 1 && outside(gx + 1, gy)) || (y === 0 && outside(gx, gy - 1)) || (y === bh - 1 && outside(gx, gy + 1));
  };
  const object = new Uint8Array(bw * bh);
  // Regions that cross a long stretch of the outline: kept whole.
  const regions = components(cv, inBox, bw, bh);
  const sides = new Map<number, number[]>();
  forOutline(bw, bh, (x, y, side) => {
    const k = regions.labels[y * bw + x];
    if (!k || !continuesOut(x, y)) return;
    const counts = sides.get(k) ?? [0, 0, 0, 0];
    counts[side]++;
    sides.set(k, counts);
  });
  const longRegion = new Uint8Array(regions.count);
  for (const [k, counts] of sides) if (counts.some((c, side) => c >= LONG_CONTACT * (side < 2 ? bh : bw))) longRegion[k] = 1;
  // Silhouettes that reach the outline where the mask continues: kept.
  const dark = components(cv, silhouette, bw, bh);
  const contact = new Int32Array(dark.count);
  forOutline(bw, bh, (x, y) => {
    const k = dark.labels[y * bw + x];
    if (k && continuesOut(x, y)) contact[k]++;
  });
  // In a region that crosses the outline, what only got brighter or darker and shows nothing new is
  // still the view; and what is new must enter the glass where the region crosses its outline. A
  // re-rendered frame (or a lamp beside the window) links a re-drawn view to the mask outside, but
  // the roofs and trees painted into the glass stand apart from that outline; a curtain, a plant or
  // a bookcase is drawn right across it.
  const drawn = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) if (longRegion[regions.labels[y * bw + x]] && objectLike(input, (o.y0 + y) * width + o.x0 + x)) drawn[y * bw + x] = 255;
  const entering = enteringParts(cv, drawn, bw, bh, continuesOut);
  for (let j = 0; j < bw * bh; j++) if (entering[j] || contact[dark.labels[j]] >= MIN_CONTACT) object[j] = 255;
  // Enclosed parts of a kept object (its pale parts inside a darker outline) stay with it.
  fillEnclosed(cv, object, inBox, bw, bh);
  let restored = 0;
  let photoEdges = 0;
  let erased = 0;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      if (inBox[j] && !object[j]) {
        const i = (o.y0 + y) * width + o.x0 + x;
        hard[i] = 0;
        restored++;
        if (input.originalEdges[i]) {
          photoEdges++;
          if (!input.nearbyEdges[i]) erased++;
        }
      }
    }
  }
  // A re-drawn view brings a view's edges near the photo's; paint or plaster over the glass none.
  const filled = restored >= FILLED_AREA * bw * bh && erased > FILLED_ERASED * photoEdges;
  return { restored, filled };
}

/**
 * The pixels of `drawn` whose part (joined across gaps of ENTRY_GAP, as a curtain's folds or a
 * plant's leaves are) reaches the outline at ENTRY_CONTACT pixels or more where the mask continues outward.
 */
function enteringParts(cv: CV, drawn: Uint8Array, w: number, h: number, continuesOut: (x: number, y: number) => boolean): Uint8Array {
  const joined = withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, drawn, w, h, 1));
    const square = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * ENTRY_GAP + 1, 2 * ENTRY_GAP + 1)));
    cv.dilate(m, m, square, new cv.Point(-1, -1), 1);
    return rawFromMat(m);
  });
  const parts = components(cv, joined, w, h);
  const contact = new Int32Array(parts.count);
  forOutline(w, h, (x, y) => {
    const k = parts.labels[y * w + x];
    if (k && drawn[y * w + x] && continuesOut(x, y)) contact[k]++;
  });
  const entering = new Uint8Array(w * h);
  for (let j = 0; j < w * h; j++) if (drawn[j] && contact[parts.labels[j]] >= ENTRY_CONTACT) entering[j] = 255;
  return entering;
}

/** Calls `visit(x, y, side)` for each pixel of a box's outline; side 0 left, 1 right, 2 top, 3 bottom. */
function forOutline(bw: number, bh: number, visit: (x: number, y: number, side: number) => void): void {
  for (let y = 0; y < bh; y++) {
    visit(0, y, 0);
    if (bw > 1) visit(bw - 1, y, 1);
  }
  for (let x = 0; x < bw; x++) {
    visit(x, 0, 2);
    if (bh > 1) visit(x, bh - 1, 3);
  }
}

function components(cv: CV, mask: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, mask, w, h, 1));
    const labels = keep(new cv.Mat());
    const count = cv.connectedComponents(m, labels, 8, cv.CV_32S);
    return { labels: new Int32Array(labels.data32S), count };
  });
}

/** Adds to `object` (in place) the pixels of `allowed` that a kept object's outline encloses. */
function fillEnclosed(cv: CV, object: Uint8Array, allowed: Uint8Array, w: number, h: number): void {
  withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, object, w, h, 1));
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(keep(m.clone()), contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const filled = keep(new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(0)));
    cv.drawContours(filled, contours, -1, new cv.Scalar(255), -1, cv.LINE_8);
    const f = rawFromMat(filled);
    for (let j = 0; j < f.length; j++) if (f[j] && allowed[j]) object[j] = 255;
  });
}
