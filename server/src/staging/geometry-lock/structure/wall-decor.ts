import { type CV, withMats } from '../threads/opencv.js';
import { type Opening } from './openings.js';

/**
 * Wall decor may be replaced (decision 058): a model that swaps the photo's canvas for a TV and two
 * prints, or hangs a mirror over a picture, changed no building. What hung on a wall is told from a
 * built-in by what surrounds it in the photo: decor hangs on plain wall, with a ring of flat wall all
 * around it; a built-in (shelves under a window, a range hood between cabinets, a wall unit over a
 * window) meets the room's other structure on at least one side. Sizes are shares of the long side.
 */
/** Width of the ring judged around the box, and the gap left between box and ring (shadows, frames). */
const RING = 0.03;
const GAP = 0.008;
/**
 * Share of a side of the ring that may be edge pixels (Canny 50/150 of the photo): a line running
 * through a side is ~3 % of it; a socket or a switch less; the wall's grain and a soft shadow none.
 */
const MAX_TEXTURED = 0.012;

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function hungOnPlainWall(photoEdges: Uint8Array, width: number, height: number, box: PixelBox, openings: Opening[]): boolean {
  const long = Math.max(width, height);
  if (openings.some((o) => o.x0 <= box.x1 && box.x0 <= o.x1 && o.y0 <= box.y1 && box.y0 <= o.y1)) return false;
  const gap = Math.round(GAP * long);
  const ring = gap + Math.max(2, Math.round(RING * long));
  // Decor hangs inside the frame: a box reaching the frame's edge is not surrounded by wall.
  if (box.x0 - ring < 0 || box.y0 - ring < 0 || box.x1 + ring >= width || box.y1 + ring >= height) return false;
  const side = (x0: number, y0: number, x1: number, y1: number) => {
    let all = 0;
    let textured = 0; // edge pixels
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        all++;
        if (photoEdges[y * width + x]) textured++;
      }
    }
    return textured > MAX_TEXTURED * Math.max(1, all);
  };
  const bottom = side(box.x0 - gap, box.y1 + gap + 1, box.x1 + gap, box.y1 + ring);
  const left = side(box.x0 - ring, box.y0 - gap, box.x0 - gap - 1, box.y1 + gap);
  const right = side(box.x1 + gap + 1, box.y0 - gap, box.x1 + ring, box.y1 + gap);
  // A picture rail or a ceiling line may run above decor; on the other sides it has plain wall.
  return !bottom && !left && !right;
}

/** Local gradient energy of a grey Mat: Sobel magnitude (/4) averaged over a 9 px box. */
export function texture(cv: CV, grey: any): Float32Array {
  return withMats(cv, (keep) => {
    const gx = keep(new cv.Mat());
    const gy = keep(new cv.Mat());
    cv.Sobel(grey, gx, cv.CV_32F, 1, 0, 3, 0.25, 0, cv.BORDER_REFLECT);
    cv.Sobel(grey, gy, cv.CV_32F, 0, 1, 3, 0.25, 0, cv.BORDER_REFLECT);
    const mag = keep(new cv.Mat());
    cv.magnitude(gx, gy, mag);
    cv.blur(mag, mag, new cv.Size(9, 9), new cv.Point(-1, -1), cv.BORDER_REFLECT);
    return new Float32Array(mag.data32F);
  });
}
