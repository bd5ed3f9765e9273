import { type CV, withMats } from '../threads/opencv.js';

/**
 * The original's long straight lines (wall, ceiling and floor junctions, window and door frames,
 * skirting): Canny edges and a probabilistic Hough transform at working size. Lengths and gaps are
 * shares of the long side, so the same lines are found at any resolution.
 */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
}

/** A "long" line: at least this share of the long side. */
const MIN_LENGTH_SHARE = 0.1;
const MAX_GAP_SHARE = 0.008;

export function longLines(cv: CV, grey: any, minLengthShare = MIN_LENGTH_SHARE, canny: readonly [number, number] = [50, 150]): Segment[] {
  const long = Math.max(grey.cols, grey.rows);
  return withMats(cv, (keep) => {
    const edges = keep(cannyEdges(cv, grey, canny[0], canny[1]));
    const lines = keep(new cv.Mat());
    const minLength = Math.round(minLengthShare * long);
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, Math.round(minLength * 0.6), minLength, Math.max(2, Math.round(MAX_GAP_SHARE * long)));
    const out: Segment[] = [];
    const v = lines.data32S as Int32Array;
    for (let i = 0; i < lines.rows; i++) {
      const [x1, y1, x2, y2] = [v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]];
      out.push({ x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1) });
    }
    return dropDuplicates(out, long);
  });
}

/** Canny edges of a grey Mat after a light blur (caller deletes the result). */
export function cannyEdges(cv: CV, grey: any, low: number, high: number): any {
  return withMats(cv, (keep) => {
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(grey, blurred, new cv.Size(5, 5), 0, 0, cv.BORDER_DEFAULT);
    const edges = new cv.Mat();
    cv.Canny(blurred, edges, low, high, 3, true);
    return edges;
  });
}

/** Hough returns several near-identical segments per thick edge; keep the longest of each bundle. */
function dropDuplicates(lines: Segment[], long: number): Segment[] {
  const kept: Segment[] = [];
  const near = 0.006 * long;
  for (const line of [...lines].sort((a, b) => b.length - a.length)) {
    const duplicate = kept.some((k) => distanceToSegment(k, line.x1, line.y1) < near && distanceToSegment(k, line.x2, line.y2) < near);
    if (!duplicate) kept.push(line);
  }
  return kept;
}

export function distanceToSegment(s: Segment, x: number, y: number): number {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const t = Math.max(0, Math.min(1, ((x - s.x1) * dx + (y - s.y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - (s.x1 + t * dx), y - (s.y1 + t * dy));
}
