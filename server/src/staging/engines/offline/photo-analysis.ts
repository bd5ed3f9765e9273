import sharp from 'sharp';

import { growFloor, type SmallImage } from './floor-region.js';
import { findOpenings, type OpeningKind } from './openings.js';

/** A window, door or fireplace in photo pixels (see openings.ts). */
export interface PhotoOpening {
  kind: OpeningKind;
  left: number;
  top: number;
  right: number;
  bottom: number;
  onFloor: boolean;
}

/** A rectangle of the photo no furniture may cover, in photo pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the offline engine reads from the photo before it places furniture. */
export interface PhotoAnalysis {
  /** Size after EXIF orientation, in pixels. */
  width: number;
  height: number;
  /** Image row where the furthest wall meets the floor. */
  floorLineY: number;
  /** Whether the floor was found (else a default share of the height, as a level floor line). */
  floorLineFound: boolean;
  /** Eye level (horizon) for the perspective scale. */
  horizonY: number;
  /** +1 when the right side of the room is brighter (daylight from the right), else -1. */
  lightFrom: 1 | -1;
  /** Mean brightness 0..1, to match the furniture's exposure. */
  brightness: number;
  /** Windows, doors and fireplaces found on the walls. */
  openings: PhotoOpening[];
  /** The parts of openings furniture must leave visible: a window's or door's upper two thirds, all of a fireplace. */
  protectedRects: Rect[];
  /** Photo row where the floor ends (meets a wall or an object) in column x. */
  floorTopAt(x: number): number;
  /** Whether the photo point (x, y) lies on the detected floor. */
  isFloor(x: number, y: number): boolean;
  /** Share 0..1 of plain wall (no edge, wall brightness) inside a photo rectangle. */
  plainWallShare(x0: number, y0: number, x1: number, y1: number): number;
  /** Mean edge strength (grey levels) inside a full-size rectangle: windows, doors and frames score high. */
  busyness(x0: number, y0: number, x1: number, y1: number): number;
}

/** Analysis runs on a copy this large (long side): enough to see a skirting board, ~30 ms even for 12 MP (JPEG shrink-on-load). */
const ANALYSIS_SIZE = 480;
export const DEFAULT_FLOOR_LINE = 0.58;

export async function analysePhoto(image: Buffer): Promise<PhotoAnalysis> {
  const meta = await sharp(image).metadata();
  const { width, height } = meta.autoOrient;
  // A 3×3 median removes thin tile joints and parquet seams, keeps a skirting board.
  const { data: rgb, info } = await sharp(image)
    .rotate()
    .resize({ width: ANALYSIS_SIZE, height: ANALYSIS_SIZE, fit: 'inside' })
    .median(3)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const small: SmallImage = { width: w, height: h, rgb };
  const data = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) data[i] = Math.round(0.3 * rgb[i * 3] + 0.59 * rgb[i * 3 + 1] + 0.11 * rgb[i * 3 + 2]);
  const grey = (x: number, y: number) => data[y * w + x];
  const gradient = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      gradient[y * w + x] = Math.abs(grey(x + 1, y) - grey(x - 1, y)) + Math.abs(grey(x, y + 1) - grey(x, y - 1));
    }
  }
  const floor = growFloor(small);
  // The deepest floor seen, away from the frame's edges (a leak at the border says nothing).
  let deepest = h;
  for (let x = Math.floor(w * 0.05); x < Math.ceil(w * 0.95); x++) deepest = Math.min(deepest, floor.top[x]);
  const found = floor.share >= 0.04 && deepest >= h * 0.3 && deepest <= h * 0.93;
  const floorRow = found ? deepest : DEFAULT_FLOOR_LINE * h;
  const top = found ? floor.top.map((y) => Math.max(y, floorRow)) : new Float32Array(w).fill(floorRow);
  const horizonRow = horizonFor(w, h, floorRow);
  const { openings, plain } = findOpenings(small, top, horizonRow);
  const scaleX = w / width;
  const scaleY = h / height;
  const sx = (x: number) => clamp(Math.floor(x * scaleX), 0, w - 1);
  const sy = (y: number) => clamp(Math.floor(y * scaleY), 0, h - 1);
  const photoOpenings = openings.map((o) => ({ kind: o.kind, left: o.x0 / scaleX, right: o.x1 / scaleX, top: o.y0 / scaleY, bottom: o.y1 / scaleY, onFloor: o.onFloor }));
  return {
    width,
    height,
    floorLineY: floorRow / scaleY,
    floorLineFound: found,
    horizonY: horizonRow / scaleY,
    lightFrom: lightSide(grey, w, floorRow),
    brightness: data.reduce((sum, v) => sum + v, 0) / (data.length * 255),
    openings: photoOpenings,
    protectedRects: photoOpenings.map((o) => ({
      left: o.left,
      right: o.right,
      top: o.top,
      bottom: o.kind === 'fireplace' ? o.bottom : o.bottom - (o.bottom - o.top) / 3,
    })),
    floorTopAt: (x) => top[sx(x)] / scaleY,
    // The cleaned profile, not the raw mask: a leak up a door frame is floor in the mask but not below the profile.
    isFloor: (x, y) => y >= top[sx(x)] / scaleY,
    plainWallShare(x0, y0, x1, y1) {
      const [ax, bx, ay, by] = [sx(x0), sx(x1), sy(y0), sy(y1)];
      let sum = 0;
      let count = 0;
      for (let y = ay; y <= by; y++) for (let x = ax; x <= bx; x++, count++) sum += plain[y * w + x];
      return count ? sum / count : 0;
    },
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
 * Eye level for a photo whose furthest floor line is at `floorRow`: listing photos are taken level,
 * about 1.3 m high, wide-angle (a 4–5 m wall fills about half the frame), so 1 m at the back wall is
 * ~11.5 % of the frame width; the horizon stays in the upper part of the frame. Same prior as
 * `cameraForFloorLine`.
 */
function horizonFor(w: number, h: number, floorRow: number): number {
  return Math.max(h * 0.12, floorRow - 1.3 * 0.115 * Math.min(w, h * 1.5));
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
