import { type CV, withMats } from './opencv.js';
import { type Segment } from './structure-lines.js';

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
  kind: 'bright' | 'framed';
}

export function findOpenings(cv: CV, grey: any, lines: Segment[]): Opening[] {
  return [...brightOpenings(cv, grey), ...framedOpenings(lines, grey.cols, grey.rows)];
}

function brightOpenings(cv: CV, grey: any): Opening[] {
  const width = grey.cols;
  const height = grey.rows;
  const area = width * height;
  return withMats(cv, (keep) => {
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(grey, blurred, new cv.Size(0, 0), 2, 2, cv.BORDER_REFLECT);
    const values = blurred.data as Uint8Array;
    const histogram = new Array<number>(256).fill(0);
    for (let i = 0; i < values.length; i += 7) histogram[values[i]]++;
    const total = histogram.reduce((a, b) => a + b, 0);
    let acc = 0;
    let p96 = 255;
    for (let v = 0; v < 256; v++) {
      acc += histogram[v];
      if (acc >= 0.96 * total) {
        p96 = v;
        break;
      }
    }
    const threshold = Math.max(170, Math.min(235, p96));
    const bright = keep(new cv.Mat());
    cv.threshold(blurred, bright, threshold, 255, cv.THRESH_BINARY);
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(bright, labels, stats, centroids, 8, cv.CV_32S);
    const s = stats.data32S as Int32Array;
    const out: Opening[] = [];
    for (let k = 1; k < count; k++) {
      const [x, y, w, h, a] = [s[5 * k], s[5 * k + 1], s[5 * k + 2], s[5 * k + 3], s[5 * k + 4]];
      if (a < 0.003 * area || a > 0.2 * area) continue;
      if (h < 0.08 * height || w < 0.03 * width) continue;
      if (a / (w * h) < 0.45) continue;
      if (h / w < 0.4 || h / w > 6) continue;
      if (y <= 1 && w > 0.3 * width) continue; // a bright ceiling, not a window
      out.push({ x0: x, y0: y, x1: x + w - 1, y1: y + h - 1, kind: 'bright' });
    }
    return out;
  });
}

function framedOpenings(lines: Segment[], width: number, height: number): Opening[] {
  const vertical = lines.filter((l) => Math.abs(l.x2 - l.x1) < 0.14 * Math.abs(l.y2 - l.y1) && l.length > 0.25 * height);
  const horizontal = lines.filter((l) => Math.abs(l.y2 - l.y1) < 0.2 * Math.abs(l.x2 - l.x1));
  const span = (l: Segment) => ({ x: (l.x1 + l.x2) / 2, top: Math.min(l.y1, l.y2), bottom: Math.max(l.y1, l.y2) });
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
      if (head) out.push({ x0: Math.round(a.x), y0: Math.round(top), x1: Math.round(b.x), y1: Math.round(Math.max(a.bottom, b.bottom)), kind: 'framed' });
    }
  }
  return out;
}
