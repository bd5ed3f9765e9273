import sharp from 'sharp';
import { runInCvThread } from '../../geometry-lock/threads/cv-threads.js';
import { type Box } from '../../geometry-lock/structure/verify.js';
import { rgbAt, workingSize, type Raster } from '../../geometry-lock/alignment/working-images.js';
import type { Rect } from './photo-analysis.js';

/**
 * The geometry lock's judgement of a candidate overlay before it is drawn (ADR 019, addendum): the
 * original's openings, found once by the lock's own detector at the lock's working size, and the lock's
 * `opening_covered` rule run on a working-size render of the overlay, with the lock's own change mask
 * (as if aligned perfectly). The offline engine places its set so that the lock accepts it, instead of
 * guessing at what the lock protects with a detector of its own. The OpenCV part is the lock's own
 * tasks (overlay-check.ts, decision 029).
 */
export interface LockGuard {
  /** Checks an overlay (a full-frame SVG in photo pixels): what it covers that the lock protects, in photo pixels (empty: it passes). */
  covered(svg: string): Promise<{ rects: Rect[]; drawn: Box | null }>;
  /** Working size the checks run at. */
  working: { width: number; height: number };
  /** The parts of the lock's own openings furniture must leave visible (upper two thirds, as the engine's own rule), in photo pixels. */
  protectedByLock: Rect[];
}

export async function lockGuard(image: Buffer, size: { width: number; height: number }): Promise<LockGuard> {
  const working = workingSize(size);
  const original = await rgbAt(image, working.width, working.height);
  const openings = await runInCvThread('openings', { original });
  const sx = size.width / working.width;
  const sy = size.height / working.height;
  const toPhoto = (b: Box): Rect => ({ left: b.x0 * sx, top: b.y0 * sy, right: (b.x1 + 1) * sx, bottom: (b.y1 + 1) * sy });
  return {
    working,
    protectedByLock: openings.map((o) => {
      const r = toPhoto(o);
      return { ...r, bottom: r.bottom - (r.bottom - r.top) / 3 };
    }),
    async covered(svg) {
      const overlay = await sharp(Buffer.from(svg), { density: 72 * (working.width / size.width) })
        .resize(working.width, working.height, { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer();
      const { result, drawn } = composed(original, overlay);
      if (!drawn) return { rects: [], drawn };
      const rects = await runInCvThread('coveredByOverlay', { original, result, openings });
      return { rects: rects.map(toPhoto), drawn };
    },
  };
}

/** The original with the overlay on top (what the engine delivers, at working size) and the box of what was drawn. */
function composed(original: Raster, overlay: Buffer): { result: Raster; drawn: Box | null } {
  const { width, height } = original;
  const data = Buffer.from(original.data);
  const drawn = { x0: width, y0: height, x1: -1, y1: -1 };
  for (let i = 0; i < width * height; i++) {
    const a = overlay[4 * i + 3];
    if (!a) continue;
    for (let c = 0; c < 3; c++) data[3 * i + c] = Math.round((overlay[4 * i + c] * a + data[3 * i + c] * (255 - a)) / 255);
    const x = i % width;
    const y = (i - x) / width;
    drawn.x0 = Math.min(drawn.x0, x);
    drawn.x1 = Math.max(drawn.x1, x);
    drawn.y0 = Math.min(drawn.y0, y);
    drawn.y1 = Math.max(drawn.y1, y);
  }
  return { result: { data, width, height, channels: 3 }, drawn: drawn.x1 < 0 ? null : drawn };
}
