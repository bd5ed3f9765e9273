import { type CV, matFromRaw, withMats } from '../threads/opencv.js';
import { type Raster } from '../alignment/working-images.js';
import { cannyEdges, type Segment } from './structure-lines.js';

/**
 * Windows and doors in the original, at working size, as boxes: (1) bright, roughly rectangular
 * regions (daylight through glass), (2) door frames: two long near-vertical lines of similar extent
 * joined at the top by a near-horizontal head. Used by verification (an opening may be covered only
 * in its lower part) and by the provider's edit mask (protected regions). Sizes are shares of the
 * frame, brightness is relative to the photo's own distribution.
 */
export interface Opening {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 'bright': daylight through glass; 'glazed': a window found by its frame (a view that is not bright); 'framed': a doorway. */
  kind: 'bright' | 'glazed' | 'framed';
}

/** Whether an opening shows a view (what is seen through it is always the photo's, opening-views.ts). */
export function hasView(o: Opening): boolean {
  return o.kind !== 'framed';
}

/**
 * Share of a bright region's outline that must lie on a clear edge of the photo. Windows and glazed
 * doors measured 0.36–1 (frames, reveals, glazing bars); reflections of windows on a glossy floor
 * and daylight on a wall 0–0.04.
 */
const MIN_SHARP_OUTLINE = 0.2;
/** Gap (share of the long side) across which bright panes are one window: a sash's meeting rail, a tree before the lower pane. */
const MERGE_GAP = 0.03;

export function findOpenings(cv: CV, rgb: Raster, grey: any, lines: Segment[]): Opening[] {
  const bright = brightOpenings(cv, rgb, grey);
  return [
    ...bright,
    ...framedWindows(cv, grey, lines, bright),
    ...framedOpenings(lines, grey.cols, grey.rows),
  ];
}

/**
 * Daylight through glass: the photo's brightest, nearly colourless pixels (a sunlit wall is bright
 * but coloured), grouped into components; glazing bars split a window into panes, so components
 * close to each other are merged before their size and shape are judged.
 */
function brightOpenings(cv: CV, rgb: Raster, grey: any): Opening[] {
  const width = grey.cols;
  const height = grey.rows;
  const area = width * height;
  const long = Math.max(width, height);
  return withMats(cv, (keep) => {
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(grey, blurred, new cv.Size(5, 5), 0, 0, cv.BORDER_REFLECT);
    const values = blurred.data as Uint8Array;
    const histogram = new Array<number>(256).fill(0);
    for (let i = 0; i < values.length; i += 3) histogram[values[i]]++;
    const total = histogram.reduce((a, b) => a + b, 0);
    let acc = 0;
    let top = 255;
    for (let v = 255; v >= 0; v--) {
      acc += histogram[v];
      if (acc >= 0.005 * total) {
        top = v;
        break;
      }
    }
    const threshold = Math.max(190, top - 25);
    const bright = new Uint8Array(area);
    const d = rgb.data;
    for (let i = 0; i < area; i++) {
      const chroma =
        Math.max(d[3 * i], d[3 * i + 1], d[3 * i + 2]) -
        Math.min(d[3 * i], d[3 * i + 1], d[3 * i + 2]);
      bright[i] = values[i] >= threshold && chroma < 40 ? 255 : 0;
    }
    const mask = keep(matFromRaw(cv, bright, width, height, 1));
    const r = Math.max(1, Math.round(long / 512));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1)));
    cv.morphologyEx(mask, mask, cv.MORPH_OPEN, kernel, new cv.Point(-1, -1), 1);
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
    const s = stats.data32S as Int32Array;
    const boxes: (Opening & { filled: number })[] = [];
    for (let k = 1; k < count; k++) {
      const [x, y, w, h, a] = [s[5 * k], s[5 * k + 1], s[5 * k + 2], s[5 * k + 3], s[5 * k + 4]];
      if (a < 0.0005 * area) continue;
      boxes.push({ x0: x, y0: y, x1: x + w - 1, y1: y + h - 1, kind: 'bright', filled: a });
    }
    const outline = sharpOutline(cv, keep, mask, grey);
    const isOpening = (b: Opening & { filled: number }) => {
      // Glass ends at a frame: a bright patch whose outline fades out is light on a surface.
      if (outlineShare(b, outline, width) < MIN_SHARP_OUTLINE) return false;
      const w = b.x1 - b.x0 + 1;
      const h = b.y1 - b.y0 + 1;
      if (b.filled < 0.002 * area || w * h > 0.25 * area) return false;
      if (h < 0.08 * height || w < 0.025 * width) return false;
      if (b.filled / (w * h) < 0.35) return false;
      if (h / w < 0.5 || h / w > 6) return false;
      return !(b.y0 <= 1 && w > 0.3 * width); // a bright ceiling, not a window
    };
    const merged = mergeNear(boxes, 0.02 * long).filter(isOpening);
    // The glow of daylight on the ceiling above a window (a patch whose outline fades) can join the
    // window's panes into a box too empty to be glass; without such patches, the panes a meeting rail
    // or a tree before the lower pane part are merged again (across MERGE_GAP) and judged once more.
    const panes = mergeNear(
      boxes.filter((b) => outlineShare(b, outline, width) >= MIN_SHARP_OUTLINE),
      MERGE_GAP * long,
    ).filter(
      (b) =>
        isOpening(b) &&
        !merged.some(
          (m) =>
            Math.min(m.x1, b.x1) >= Math.max(m.x0, b.x0) &&
            Math.min(m.y1, b.y1) >= Math.max(m.y0, b.y0),
        ),
    );
    return [...merged, ...panes].map(({ x0, y0, x1, y1, kind }) => ({ x0, y0, x1, y1, kind }));
  });
}

/**
 * Per pixel of the bright regions' outline: 1 where the photo has a clear edge within 2 px (a frame
 * or a reveal: glass meets wall), 0 where brightness fades out (a reflection on a glossy floor, the
 * glow of daylight on a wall), 2 elsewhere.
 */
function sharpOutline(
  cv: CV,
  keep: <M extends { delete(): void }>(m: M) => M,
  mask: any,
  grey: any,
): Uint8Array {
  const eroded = keep(new cv.Mat());
  cv.erode(
    mask,
    eroded,
    keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3))),
    new cv.Point(-1, -1),
    1,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0),
  );
  const near = keep(cannyEdges(cv, grey, 25, 75));
  cv.dilate(
    near,
    near,
    keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5))),
    new cv.Point(-1, -1),
    1,
  );
  const m = mask.data as Uint8Array;
  const e = eroded.data as Uint8Array;
  const n = near.data as Uint8Array;
  const out = new Uint8Array(m.length).fill(2);
  for (let i = 0; i < m.length; i++) if (m[i] && !e[i]) out[i] = n[i] ? 1 : 0;
  return out;
}

/** Share of the outline pixels inside the box that lie on a clear edge (sharpOutline). */
function outlineShare(b: Opening, outline: Uint8Array, width: number): number {
  let all = 0;
  let sharp = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const v = outline[y * width + x];
      if (v === 2) continue;
      all++;
      sharp += v;
    }
  }
  return all ? sharp / all : 0;
}

function mergeNear<B extends Opening & { filled: number }>(boxes: B[], gap: number): B[] {
  const out = [...boxes];
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        const a = out[i];
        const b = out[j];
        if (a.x0 - gap <= b.x1 && b.x0 - gap <= a.x1 && a.y0 - gap <= b.y1 && b.y0 - gap <= a.y1) {
          out[i] = {
            ...a,
            x0: Math.min(a.x0, b.x0),
            y0: Math.min(a.y0, b.y0),
            x1: Math.max(a.x1, b.x1),
            y1: Math.max(a.y1, b.y1),
            filled: a.filled + b.filled,
          };
          out.splice(j, 1);
          merged = true;
        }
      }
    }
  }
  return out;
}

function framedOpenings(lines: Segment[], width: number, height: number): Opening[] {
  const vertical = lines.filter(
    (l) => Math.abs(l.x2 - l.x1) < 0.14 * Math.abs(l.y2 - l.y1) && l.length > 0.25 * height,
  );
  const horizontal = lines.filter((l) => Math.abs(l.y2 - l.y1) < 0.2 * Math.abs(l.x2 - l.x1));
  const span = (l: Segment) => ({
    x: (l.x1 + l.x2) / 2,
    top: Math.min(l.y1, l.y2),
    bottom: Math.max(l.y1, l.y2),
  });
  const out: Opening[] = [];
  for (let i = 0; i < vertical.length; i++) {
    for (let j = 0; j < vertical.length; j++) {
      const a = span(vertical[i]);
      const b = span(vertical[j]);
      const gap = b.x - a.x;
      if (gap < 0.05 * width || gap > 0.35 * width) continue;
      const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlap < 0.7 * Math.min(a.bottom - a.top, b.bottom - b.top)) continue;
      if (Math.abs(a.top - b.top) > 0.05 * height) continue;
      const top = Math.min(a.top, b.top);
      const head = horizontal.some((h) => {
        const hx0 = Math.min(h.x1, h.x2);
        const hx1 = Math.max(h.x1, h.x2);
        const hy = (h.y1 + h.y2) / 2;
        const covered = Math.min(hx1, b.x) - Math.max(hx0, a.x);
        return Math.abs(hy - top) < 0.04 * height && covered > 0.6 * gap;
      });
      if (head)
        out.push({
          x0: Math.round(a.x),
          y0: Math.round(top),
          x1: Math.round(b.x),
          y1: Math.round(Math.max(a.bottom, b.bottom)),
          kind: 'framed',
        });
    }
  }
  return out;
}

/** Edge pixels (Canny 50/150 of the photo) per pixel between a head and a sill for the space between them to show a view. */
const MIN_VIEW_EDGES = 0.03;
/**
 * Share of a window's inside height (or width) along which a glazing bar's edge runs: a sash window's
 * bars measured 0.43 (crossed by the meeting rail and branches behind), a canvas on the wall 0.03.
 */
const BAR_SPAN = 0.3;

/**
 * Windows whose view is not daylight-bright (a garden, a street, a dusk sky) are found by their frame:
 * a head and a sill, two near-horizontal lines of similar extent one above the other, with a view
 * between them: busy with edges (glazing bars, branches, facades) where plain wall between a rail and
 * a skirting board has none. A window already found by its daylight is not found again.
 */
function framedWindows(cv: CV, grey: any, lines: Segment[], bright: Opening[]): Opening[] {
  const width = grey.cols;
  const height = grey.rows;
  const horizontal = lines.filter((l) => Math.abs(l.y2 - l.y1) < 0.12 * Math.abs(l.x2 - l.x1));
  const span = (l: Segment) => ({
    y: (l.y1 + l.y2) / 2,
    x0: Math.min(l.x1, l.x2),
    x1: Math.max(l.x1, l.x2),
  });
  let edges: Uint8Array | undefined;
  const viewBetween = (o: Opening) => {
    edges ??= withMats(cv, (keep) => new Uint8Array(keep(cannyEdges(cv, grey, 50, 150)).data));
    let n = 0;
    for (let y = o.y0; y <= o.y1; y++)
      for (let x = o.x0; x <= o.x1; x++) if (edges[y * width + x]) n++;
    return n >= MIN_VIEW_EDGES * (o.x1 - o.x0 + 1) * (o.y1 - o.y0 + 1);
  };
  // A window has glazing bars: a straight edge across most of its inside (a picture on the wall has none).
  const glazed = (o: Opening) => {
    edges ??= withMats(cv, (keep) => new Uint8Array(keep(cannyEdges(cv, grey, 50, 150)).data));
    return hasGlazingBar(edges, width, o);
  };
  let found: (Opening & { filled: number })[] = [];
  for (const h of horizontal) {
    for (const s of horizontal) {
      const head = span(h);
      const sill = span(s);
      const rise = sill.y - head.y;
      if (rise < 0.08 * height || rise > 0.45 * height || sill.y > 0.8 * height) continue;
      const x0 = Math.max(head.x0, sill.x0);
      const x1 = Math.min(head.x1, sill.x1);
      if (x1 - x0 < 0.6 * Math.min(head.x1 - head.x0, sill.x1 - sill.x0)) continue;
      const o: Opening = {
        x0: Math.round(x0),
        y0: Math.round(head.y) + 2,
        x1: Math.round(x1),
        y1: Math.round(sill.y) - 2,
        kind: 'glazed',
      };
      if (viewBetween(o) && glazed(o)) found.push({ ...o, filled: 0 });
    }
  }
  found = mergeNear(found, 0);
  const overlapsBright = (o: Opening) =>
    bright.some(
      (b) =>
        Math.min(o.x1, b.x1) - Math.max(o.x0, b.x0) > 0 &&
        Math.min(o.y1, b.y1) - Math.max(o.y0, b.y0) > 0,
    );
  return found
    .filter((o) => !overlapsBright(o))
    .map(({ x0, y0, x1, y1, kind }) => ({ x0, y0, x1, y1, kind }));
}

/**
 * Whether a straight vertical or horizontal edge (±1 px) runs along BAR_SPAN of the box's inside,
 * away from its border (a tenth of its size): a glazing bar or the meeting rail of a sash.
 */
function hasGlazingBar(edges: Uint8Array, width: number, o: Opening): boolean {
  const w = o.x1 - o.x0 + 1;
  const h = o.y1 - o.y0 + 1;
  const mx = Math.max(2, Math.round(0.1 * w));
  const my = Math.max(2, Math.round(0.1 * h));
  const near = (x: number, y: number, dx: number, dy: number) =>
    edges[y * width + x] || edges[(y + dy) * width + x + dx] || edges[(y - dy) * width + x - dx];
  for (let x = o.x0 + mx; x <= o.x1 - mx; x++) {
    let run = 0;
    for (let y = o.y0; y <= o.y1; y++) if (near(x, y, 1, 0)) run++;
    if (run >= BAR_SPAN * h) return true;
  }
  for (let y = o.y0 + my; y <= o.y1 - my; y++) {
    let run = 0;
    for (let x = o.x0; x <= o.x1; x++) if (near(x, y, 0, 1)) run++;
    if (run >= BAR_SPAN * w) return true;
  }
  return false;
}
