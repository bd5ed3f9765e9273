import sharp from 'sharp';

/** What the offline engine reads from the photo before it places furniture. */
export interface PhotoAnalysis {
  /** Size after EXIF orientation, in pixels. */
  width: number;
  height: number;
  /** Image row where the back wall meets the floor. */
  floorLineY: number;
  /** Whether the floor line was found (else a default share of the height). */
  floorLineFound: boolean;
  /** +1 when the right side of the room is brighter (daylight from the right), else -1. */
  lightFrom: 1 | -1;
  /** Mean brightness 0..1, to match the furniture's exposure. */
  brightness: number;
  /** Mean edge strength (grey levels) inside a full-size rectangle: windows, doors and frames score high. */
  busyness(x0: number, y0: number, x1: number, y1: number): number;
}

/** Analysis runs on a copy this wide: plenty for row statistics, ~20 ms even for 12 MP (JPEG shrink-on-load). */
const ANALYSIS_WIDTH = 240;
export const DEFAULT_FLOOR_LINE = 0.58;

export async function analysePhoto(image: Buffer): Promise<PhotoAnalysis> {
  const meta = await sharp(image).metadata();
  const { width, height } = meta.autoOrient;
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: ANALYSIS_WIDTH, height: ANALYSIS_WIDTH, fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const grey = (x: number, y: number) => data[y * w + x];
  const gradient = new Float32Array(w * h);
  const rowEdge = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gy = grey(x, y + 1) - grey(x, y - 1);
      const gx = grey(x + 1, y) - grey(x - 1, y);
      rowEdge[y * w + x] = Math.abs(gy);
      gradient[y * w + x] = Math.abs(gx) + Math.abs(gy);
    }
  }
  const found = findFloorLine(grey, rowEdge, w, h);
  const floorRow = found ?? DEFAULT_FLOOR_LINE * h;
  const scaleX = w / width;
  const scaleY = h / height;
  return {
    width,
    height,
    floorLineY: (floorRow / h) * height,
    floorLineFound: found !== null,
    lightFrom: lightSide(grey, w, floorRow),
    brightness: data.reduce((sum, v) => sum + v, 0) / (data.length * 255),
    busyness(x0, y0, x1, y1) {
      const ax = clamp(Math.floor(x0 * scaleX), 1, w - 2);
      const bx = clamp(Math.ceil(x1 * scaleX), 1, w - 2);
      const ay = clamp(Math.floor(y0 * scaleY), 1, h - 2);
      const by = clamp(Math.ceil(y1 * scaleY), 1, h - 2);
      let sum = 0;
      let count = 0;
      for (let y = ay; y <= by; y++) for (let x = ax; x <= bx; x++, count++) sum += gradient[y * w + x];
      return count ? sum / count : 0;
    },
  };
}

/**
 * The wall/floor junction is a long horizontal edge (skirting) across the middle of the frame with a
 * change of brightness across it. Rows between 40 % and 88 % of the height are scored on the central
 * columns by edge coverage times (edge strength + brightness step); a window sill is too short to
 * win and floor-tile joints lack the step. Of the skirting's two edges the lower one is the floor.
 */
function findFloorLine(grey: (x: number, y: number) => number, rowEdge: Float32Array, w: number, h: number): number | null {
  const x0 = Math.floor(w * 0.2);
  const x1 = Math.ceil(w * 0.8);
  const columns = x1 - x0;
  const from = Math.floor(h * 0.4);
  const to = Math.min(h - 8, Math.ceil(h * 0.88));
  const band = Math.max(2, Math.round(h * 0.03));
  const rowMean = (y: number) => {
    let sum = 0;
    for (let x = x0; x < x1; x++) sum += grey(x, y);
    return sum / columns;
  };
  const means = Array.from({ length: h }, (_, y) => rowMean(y));
  const scores = new Float32Array(h);
  for (let y = from; y <= to; y++) {
    let strength = 0;
    let covered = 0;
    for (let x = x0; x < x1; x++) {
      const edge = Math.max(rowEdge[y * w + x], rowEdge[(y - 1) * w + x], rowEdge[(y + 1) * w + x]);
      strength += edge;
      if (edge > 10) covered++;
    }
    let above = 0;
    let below = 0;
    for (let k = 2; k < 2 + band; k++) {
      above += means[Math.max(0, y - k)];
      below += means[Math.min(h - 1, y + k)];
    }
    const step = Math.abs(above - below) / band;
    scores[y] = (covered / columns) * (strength / columns + step);
  }
  let best = -1;
  for (let y = from; y <= to; y++) if (best < 0 || scores[y] > scores[best]) best = y;
  if (best < 0 || scores[best] < 6) return null;
  // Prefer the lowest strong row just below the best one (the skirting's bottom edge).
  let chosen = best;
  const reach = Math.round(h * 0.04);
  for (let y = best + 1; y <= Math.min(to, best + reach); y++) if (scores[y] >= scores[best] * 0.6) chosen = y;
  return chosen;
}

function lightSide(grey: (x: number, y: number) => number, w: number, floorRow: number): 1 | -1 {
  let left = 0;
  let right = 0;
  const third = Math.floor(w / 3);
  for (let y = 0; y < Math.floor(floorRow); y++) {
    for (let x = 0; x < third; x++) {
      left += grey(x, y);
      right += grey(w - 1 - x, y);
    }
  }
  return right > left ? 1 : -1;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}
