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
/** Gradient (Sobel/4, 9 px mean) from which a pixel of the ring is structure, not plain wall. */
const TEXTURED = 3;
/** Share of the ring that may be textured (a socket, a light switch, the wall's own grain). */
const MAX_TEXTURED = 0.08;

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function hungOnPlainWall(photoTexture: Float32Array, width: number, height: number, box: PixelBox, openings: Opening[]): boolean {
  const long = Math.max(width, height);
  if (openings.some((o) => o.x0 <= box.x1 && box.x0 <= o.x1 && o.y0 <= box.y1 && box.y0 <= o.y1)) return false;
  const gap = Math.round(GAP * long);
  const ring = gap + Math.max(2, Math.round(RING * long));
  const outer = { x0: box.x0 - ring, y0: box.y0 - ring, x1: box.x1 + ring, y1: box.y1 + ring };
  // Decor hangs inside the frame: a box reaching the frame's edge is not surrounded by wall.
  if (outer.x0 < 0 || outer.y0 < 0 || outer.x1 >= width || outer.y1 >= height) return false;
  let all = 0;
  let textured = 0;
  for (let y = outer.y0; y <= outer.y1; y++) {
    for (let x = outer.x0; x <= outer.x1; x++) {
      if (x >= box.x0 - gap && x <= box.x1 + gap && y >= box.y0 - gap && y <= box.y1 + gap) continue;
      all++;
      if (photoTexture[y * width + x] >= TEXTURED) textured++;
    }
  }
  return all > 0 && textured <= MAX_TEXTURED * all;
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
