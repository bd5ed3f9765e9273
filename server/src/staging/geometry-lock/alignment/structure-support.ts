import { type CV, withMats } from '../threads/opencv.js';

/**
 * How well the photo's structure lines up with a result warped onto it: the frame is cut into cells;
 * a cell with clear structure in the photo (edges of walls, frames, floor joints, fittings) is a
 * "structure patch", and it supports an alignment when the result's gradient magnitude there
 * correlates with the photo's (zero-normalised, so a relit, re-exposed or re-rendered result still
 * supports it; a result 2–3 px off at that place does not). Added furniture hides some patches, so
 * support is a count spread over the frame, not a share that must be near one.
 *
 * Computed at half the working size: it is asked once per candidate transform.
 */
export interface StructureSupport {
  /** Structure patches of the photo inside the result's frame. */
  patches: number;
  /** Of those, the ones whose content lines up. */
  supporting: number;
  /** Sum of the supporting patches' correlations: ranks transforms that line up equally many patches by how precisely. */
  score: number;
  /** Supporting patches per quarter of the frame (top-left, top-right, bottom-left, bottom-right). */
  quarters: [number, number, number, number];
  /** 0/1 per cell (row-major `cols × rows`): the supporting patches, for the verification. */
  cells: Uint8Array;
  cols: number;
  rows: number;
}

/** Cells along the long side: 32 px cells at the 1024 px working size, the same grid for smaller photos. */
const CELLS_ALONG_LONG_SIDE = 32;
/** Least mean gradient (8-bit levels per pixel, Sobel/4) of a structure patch. */
const MIN_PATCH_GRADIENT = 6;
/** Correlation at which a patch lines up. */
const MIN_CORRELATION = 0.5;

/** Gradient magnitude (Sobel, /4) of a grey Mat at half size, lightly blurred; plain Float32Array. */
export function gradientField(cv: CV, grey: any): { data: Float32Array; width: number; height: number } {
  return withMats(cv, (keep) => {
    const half = keep(new cv.Mat());
    cv.resize(grey, half, new cv.Size(Math.round(grey.cols / 2), Math.round(grey.rows / 2)), 0, 0, cv.INTER_AREA);
    const gx = keep(new cv.Mat());
    const gy = keep(new cv.Mat());
    cv.Sobel(half, gx, cv.CV_32F, 1, 0, 3, 0.25, 0, cv.BORDER_REFLECT);
    cv.Sobel(half, gy, cv.CV_32F, 0, 1, 3, 0.25, 0, cv.BORDER_REFLECT);
    const mag = keep(new cv.Mat());
    cv.magnitude(gx, gy, mag);
    cv.GaussianBlur(mag, mag, new cv.Size(3, 3), 0, 0, cv.BORDER_REFLECT);
    return { data: new Float32Array(mag.data32F), width: half.cols, height: half.rows };
  });
}

/**
 * `photo` and `result` are gradient fields of the same size (the result already warped onto the
 * photo); `valid[i]` (half size) marks where the warped result has pixels.
 */
export function structureSupport(photo: Float32Array, result: Float32Array, valid: Uint8Array | undefined, width: number, height: number): StructureSupport {
  const CELL = Math.max(4, Math.round(Math.max(width, height) / CELLS_ALONG_LONG_SIDE));
  const cols = Math.floor(width / CELL);
  const rows = Math.floor(height / CELL);
  const cells = new Uint8Array(cols * rows);
  const quarters: [number, number, number, number] = [0, 0, 0, 0];
  let patches = 0;
  let supporting = 0;
  let score = 0;
  const n = CELL * CELL;
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let so = 0, sr = 0, soo = 0, srr = 0, sor = 0, invalid = 0;
      for (let y = cy * CELL; y < (cy + 1) * CELL; y++) {
        const row = y * width;
        for (let x = cx * CELL; x < (cx + 1) * CELL; x++) {
          const i = row + x;
          if (valid && !valid[i]) invalid++;
          const o = photo[i];
          const r = result[i];
          so += o; sr += r; soo += o * o; srr += r * r; sor += o * r;
        }
      }
      if (invalid > n / 4 || so / n < MIN_PATCH_GRADIENT) continue;
      patches++;
      const vo = soo - (so * so) / n;
      const vr = srr - (sr * sr) / n;
      const cov = sor - (so * sr) / n;
      const correlation = vo > 0 && vr > 0 ? cov / Math.sqrt(vo * vr) : 0;
      if (correlation < MIN_CORRELATION) continue;
      supporting++;
      score += correlation;
      cells[cy * cols + cx] = 1;
      quarters[(cy < rows / 2 ? 0 : 2) + (cx < cols / 2 ? 0 : 1)]++;
    }
  }
  return { patches, supporting, score, quarters, cells, cols, rows };
}
