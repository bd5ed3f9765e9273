import { median, type SmallImage } from './floor-region.js';

/** What stands in a wall and must stay visible: furniture may cover at most a window's or door's lower third, nothing of a fireplace. */
export type OpeningKind = 'window' | 'door' | 'fireplace';

/** A rectangle in the small analysis image (pixels), edges inclusive/exclusive like [x0, x1) × [y0, y1). */
export interface Opening {
  kind: OpeningKind;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Whether its lower edge meets the floor (doors, glazed doors, fireplaces). */
  onFloor: boolean;
}

/** Height of the wall band searched above the floor, in eye heights (≈ 2 m for a 1.3 m camera: door height, below the cornice). */
const BAND = 1.5;

/**
 * Finds what breaks the plain wall above the floor: for each column, the band of wall just above the
 * floor line (its height scaled by the perspective at that depth) is scanned for pixels that are not
 * plain wall — far brighter or darker than the wall's colour (daylight through glass, a dark recess
 * or wooden door) or on a strong edge (frames, mullions). Runs of such columns become openings; their
 * vertical extent, whether they reach the floor and their brightness say window, door or fireplace.
 */
export function findOpenings(image: SmallImage, floorTop: Float32Array, horizonY: number): { openings: Opening[]; wallLuma: number; plain: Uint8Array } {
  const { width: w, height: h, rgb } = image;
  const luma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) luma[i] = 0.3 * rgb[i * 3] + 0.59 * rgb[i * 3 + 1] + 0.11 * rgb[i * 3 + 2];
  const bandTop = (x: number) => Math.max(0, Math.floor(floorTop[x] - (floorTop[x] - horizonY) * BAND));
  // Stops short of the floor by the skirting board and the spread below (a window's sill is ~0.4 m higher).
  const skirting = Math.max(3, Math.round(Math.max(w, h) * 0.012) + Math.round(h * 0.015));
  const bandBottom = (x: number) => Math.max(0, Math.floor(floorTop[x] - skirting));
  // The wall's colour near each column: per column the median of its lower band, then the median of those
  // over a quarter of the frame, so a window narrower than that does not count as wall, while light
  // falling off across the room (a darker side wall, vignetting) does.
  const columnColour = Array.from({ length: w }, (_, x) => {
    const channels: number[][] = [[], [], []];
    // From the lowest ~0.75 m of wall: below a window's sill there is wall.
    const from = Math.max(0, Math.floor(floorTop[x] - (floorTop[x] - horizonY) * 0.6));
    for (let y = from; y < bandBottom(x); y++) for (let c = 0; c < 3; c++) channels[c].push(rgb[(y * w + x) * 3 + c]);
    return channels.map(median);
  });
  const reach = Math.round(w * 0.12);
  const wallColour = Array.from({ length: w }, (_, x) => {
    const channels: number[][] = [[], [], []];
    for (let k = Math.max(0, x - reach); k <= Math.min(w - 1, x + reach); k += 2) for (let c = 0; c < 3; c++) channels[c].push(columnColour[k][c]);
    return channels.map(median);
  });
  const wallLuma = median(wallColour.map(([r, g, b]) => 0.3 * r + 0.59 * g + 0.11 * b));
  // Not plain wall: an edge (frames, mullions, a door leaf), or a colour far from the wall's around it.
  // How strong an edge must be to count depends on the photo's own grain: the median edge in the wall band.
  const edgeAt = (i: number) => Math.abs(luma[i + 1] - luma[i - 1]) + Math.abs(luma[i + w] - luma[i - w]);
  const bandEdges: number[] = [];
  for (let x = 1; x < w - 1; x += 3) for (let y = Math.max(1, bandTop(x)); y < Math.min(h - 1, bandBottom(x)); y += 3) bandEdges.push(edgeAt(y * w + x));
  const edgeLimit = Math.max(9, Math.min(22, 5 * median(bandEdges)));
  const wallRgb = Float32Array.from(wallColour.flat());
  const rough = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const edge = edgeAt(i);
      const dr = rgb[i * 3] - wallRgb[x * 3];
      const dg = rgb[i * 3 + 1] - wallRgb[x * 3 + 1];
      const db = rgb[i * 3 + 2] - wallRgb[x * 3 + 2];
      rough[i] = edge > edgeLimit || dr * dr + dg * dg + db * db > 38 * 38 ? 1 : 0;
    }
  }
  // Spread by ~1.2 % of the frame where such pixels are dense (lines, not scattered noise): the thin
  // frame and mullions of a pale window then fill the window, while a light switch stays a small spot.
  const plain = dilated(rough, w, h, Math.max(1, Math.round(Math.max(w, h) * 0.012)), 0.1);
  for (let i = 0; i < w * h; i++) plain[i] = 1 - plain[i];
  const fraction = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const y0 = bandTop(x);
    const y1 = bandBottom(x);
    let busy = 0;
    for (let y = y0; y < y1; y++) busy += 1 - plain[y * w + x];
    fraction[x] = y1 > y0 ? busy / (y1 - y0) : 0;
  }
  const smooth = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, x - 2); k <= Math.min(w - 1, x + 2); k++, count++) sum += fraction[k];
    smooth[x] = sum / count;
  }
  const runs: Array<[number, number]> = [];
  const gap = Math.max(2, Math.round(w * 0.015));
  for (let x = 0; x < w; x++) {
    if (smooth[x] < 0.45) continue;
    const last = runs[runs.length - 1];
    if (last && x - last[1] <= gap) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  const openings: Opening[] = [];
  for (const [x0, x1] of runs) {
    if (x1 - x0 < Math.max(3, w * 0.025)) continue;
    const opening = describe(x0, x1);
    if (opening) openings.push(opening);
  }
  openings.push(...recesses());
  return { openings, wallLuma, plain };

  /**
   * Dark recesses standing on the floor (a fireplace's firebox, a dark stove, a wooden door's lower
   * part): in the lowest ~1 m of wall, columns mostly far darker than the wall around them. They are
   * found on their own, so a fireplace stays protected as a whole even where it merges with a
   * neighbouring window or door into one run above.
   */
  function recesses(): Opening[] {
    const dark = new Float32Array(w);
    const lowTop = (x: number) => Math.max(0, Math.floor(floorTop[x] - (floorTop[x] - horizonY) * 0.75));
    for (let x = 0; x < w; x++) {
      const wall = 0.3 * wallRgb[x * 3] + 0.59 * wallRgb[x * 3 + 1] + 0.11 * wallRgb[x * 3 + 2];
      let count = 0;
      let total = 0;
      for (let y = lowTop(x); y < bandBottom(x); y++, total++) if (luma[y * w + x] < wall - 60) count++;
      dark[x] = total ? count / total : 0;
    }
    const found: Opening[] = [];
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const on = x < w && dark[x] > 0.4;
      if (on && start < 0) start = x;
      if (on || start < 0) continue;
      const [x0, x1] = [start, x];
      start = -1;
      const nearFloor = Math.min(...Array.from(floorTop.subarray(x0, x1)));
      const metre = Math.max(1, (nearFloor - horizonY) / 1.3);
      if (x1 - x0 < metre * 0.4) continue;
      let top = Math.ceil(nearFloor);
      for (let y = Math.floor(nearFloor - metre * 1.6); y < nearFloor; y++) {
        let count = 0;
        for (let k = x0; k < x1; k++) if (y >= 0 && luma[y * w + k] < 0.3 * wallRgb[k * 3] + 0.59 * wallRgb[k * 3 + 1] + 0.11 * wallRgb[k * 3 + 2] - 60) count++;
        if (count > (x1 - x0) * 0.3) {
          top = y;
          break;
        }
      }
      // A mantel and surround above and around the dark opening.
      const margin = Math.round(metre * 0.3);
      found.push({ kind: 'fireplace', x0: Math.max(0, x0 - margin), x1: Math.min(w, x1 + margin), y0: Math.max(0, top - margin), y1: Math.ceil(nearFloor), onFloor: true });
    }
    return found;
  }

  function describe(x0: number, x1: number): Opening | null {
    let top = h;
    let bottom = 0;
    let bandStart = h;
    let nearFloor = h;
    for (let x = x0; x < x1; x++) {
      bandStart = Math.min(bandStart, bandTop(x));
      nearFloor = Math.min(nearFloor, floorTop[x]);
    }
    // Down to the furthest floor line under it: lower rows of a column whose floor ends nearer the camera are floor texture, not the opening.
    const rowEnd = Math.min(h, Math.ceil(nearFloor));
    let lumaSum = 0;
    let count = 0;
    for (let y = bandStart; y < rowEnd; y++) {
      let busy = 0;
      let inBand = 0;
      for (let x = x0; x < x1; x++) {
        if (y < bandTop(x) || y >= bandBottom(x)) continue;
        inBand++;
        if (!plain[y * w + x]) {
          busy++;
          lumaSum += luma[y * w + x];
          count++;
        }
      }
      if (inBand && busy / inBand > 0.3) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
    if (bottom <= top || bottom - top < h * 0.04) return null;
    const onFloor = bottom >= nearFloor - skirting - 2;
    if (onFloor) bottom = Math.max(bottom, Math.round(nearFloor));
    // Narrower than ~0.45 m at its depth: a wall corner or a pillar's edge, not a window or door.
    if (x1 - x0 < ((nearFloor - horizonY) / 1.3) * 0.45) return null;
    const meanLuma = count ? lumaSum / count : wallLuma;
    const tall = bottom - top;
    const wallHeight = Math.max(1, (nearFloor - horizonY) * BAND);
    const kind: OpeningKind = onFloor && meanLuma < wallLuma - 45 && tall < wallHeight * 0.6 ? 'fireplace' : onFloor ? 'door' : 'window';
    return { kind, x0, x1, y0: top, y1: bottom, onFloor };
  }
}

/** 1 where more than `share` of the pixels within `radius` (a square) are 1: box counts from an integral image. */
function dilated(mask: Uint8Array, w: number, h: number, radius: number, share: number): Uint8Array {
  const integral = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const count = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0];
      out[y * w + x] = count > share * (x1 - x0) * (y1 - y0) ? 1 : 0;
    }
  }
  return out;
}
