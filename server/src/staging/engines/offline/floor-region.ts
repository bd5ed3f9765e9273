/** A small RGB copy of the photo the room analysis works on. */
export interface SmallImage {
  width: number;
  height: number;
  /** Interleaved RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
}

/** The floor as seen in the small image: which pixels are floor, and where it ends in each column. */
export interface FloorRegion {
  /** 1 where the pixel belongs to the floor grown from the bottom centre. */
  mask: Uint8Array;
  /** Per column: the highest row of the floor still joined to the bottom edge; `height` when there is none. */
  top: Float32Array;
  /** Median colour of the floor seed. */
  colour: [number, number, number];
  /** Share of the frame that is floor. */
  share: number;
}

/** Colour steps between neighbours the floor may take (texture, shading); a skirting or a wall edge is larger. */
const STEP = 12;
/**
 * How far the floor's colour, brought to one brightness, may drift from the seed's: light fall-off
 * from a dark foreground to a sunlit back changes brightness, not hue, while a white wall reflected
 * in a red parquet changes the hue.
 */
const DRIFT = 75;

/**
 * Grows the floor from the bottom centre of the frame (where a listing photo nearly always shows
 * floor) over neighbouring pixels of similar colour. The input should be median-filtered so that thin
 * tile joints and parquet seams do not stop the growth, while a skirting board or a floor/wall edge does.
 */
export function growFloor(image: SmallImage): FloorRegion {
  const { width: w, height: h, rgb } = image;
  const mask = new Uint8Array(w * h);
  const seedRows = [Math.floor(h * 0.88), h - 1];
  const seedCols = [Math.floor(w * 0.3), Math.ceil(w * 0.7)];
  const seedColours: number[][] = [[], [], []];
  for (let y = seedRows[0]; y <= seedRows[1]; y++) {
    for (let x = seedCols[0]; x < seedCols[1]; x++) for (let c = 0; c < 3; c++) seedColours[c].push(rgb[(y * w + x) * 3 + c]);
  }
  const colour = seedColours.map(median) as [number, number, number];
  // Squared colour distances (Math.hypot is slow, and this runs a few million times).
  const dist2 = (i: number, r: number, g: number, b: number) => {
    const dr = rgb[i * 3] - r;
    const dg = rgb[i * 3 + 1] - g;
    const db = rgb[i * 3 + 2] - b;
    return dr * dr + dg * dg + db * db;
  };
  const toneOf = (r: number, g: number, b: number) => 128 / (0.3 * r + 0.59 * g + 0.11 * b + 8);
  const seedTone = toneOf(...colour);
  const [fr, fg, fb] = colour.map((c) => c * seedTone);
  const drift2 = DRIFT * DRIFT;
  const drift = (i: number) => {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    const tone = toneOf(r, g, b);
    const dr = r * tone - fr;
    const dg = g * tone - fg;
    const db = b * tone - fb;
    return dr * dr + dg * dg + db * db;
  };
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (let y = seedRows[0]; y <= seedRows[1]; y++) {
    for (let x = seedCols[0]; x < seedCols[1]; x++) {
      const i = y * w + x;
      if (drift(i) < drift2 * 0.25 && dist2(i, ...colour) < 60 * 60) {
        mask[i] = 1;
        queue[tail++] = i;
      }
    }
  }
  // Steps of one and of two pixels (and three upward): the longer steps jump a thin tile joint, not a skirting board.
  const stepX = [-1, 1, 0, 0, -2, 2, 0, 0, 0];
  const stepY = [0, 0, -1, 1, 0, 0, -2, 2, -3];
  while (head < tail) {
    const i = queue[head++];
    const x = i % w;
    const y = (i - x) / w;
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    // In dark parts of the frame (vignetting, shadowed corners) colours differ less: the step shrinks with the light.
    const step = STEP * Math.max(0.45, Math.min(1.2, (0.3 * r + 0.59 * g + 0.11 * b + 40) / 170));
    const step2 = step * step;
    for (let k = 0; k < stepX.length; k++) {
      const nx = x + stepX[k];
      const ny = y + stepY[k];
      if (nx < 0 || nx >= w || ny < 0 || ny >= h) continue;
      const j = ny * w + nx;
      if (mask[j] || dist2(j, r, g, b) > step2 || drift(j) > drift2) continue;
      mask[j] = 1;
      queue[tail++] = j;
    }
  }
  return { mask, top: floorTop(mask, w, h), colour, share: tail / (w * h) };
}

/**
 * Per column, the top of the floor joined to the bottom edge: walking up from the bottom row, small
 * holes (a tile joint, a reflection) are bridged, a gap taller than ~4 % of the height ends the floor.
 * The profile is then median-filtered across columns so single stray columns do not count.
 */
function floorTop(mask: Uint8Array, w: number, h: number): Float32Array {
  const bridge = Math.max(2, Math.round(h * 0.04));
  const raw = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    let top = h;
    let gap = 0;
    for (let y = h - 1; y >= 0; y--) {
      if (mask[y * w + x]) {
        top = y;
        gap = 0;
      } else if (++gap > bridge) break;
    }
    raw[x] = top;
  }
  const radius = Math.max(1, Math.round(w * 0.01));
  const smooth = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const window: number[] = [];
    for (let k = Math.max(0, x - radius); k <= Math.min(w - 1, x + radius); k++) window.push(raw[k]);
    smooth[x] = median(window);
  }
  return withoutSpikes(smooth, Math.max(3, Math.round(w * 0.08)));
}

/**
 * Removes narrow upward spikes from the floor profile (a morphological opening of the floor's height):
 * where the growth leaked up a wooden door or a dark door frame the floor seems to climb in a few
 * columns only, while a real back wall's floor line spans a good part of the frame.
 */
function withoutSpikes(top: Float32Array, width: number): Float32Array {
  const n = top.length;
  const half = Math.floor(width / 2);
  const eroded = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    let lowest = -Infinity;
    for (let k = Math.max(0, x - half); k <= Math.min(n - 1, x + half); k++) lowest = Math.max(lowest, top[k]);
    eroded[x] = lowest;
  }
  const opened = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    let highest = Infinity;
    for (let k = Math.max(0, x - half); k <= Math.min(n - 1, x + half); k++) highest = Math.min(highest, eroded[k]);
    opened[x] = highest;
  }
  return opened;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
