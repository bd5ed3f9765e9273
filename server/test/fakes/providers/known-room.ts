import sharp from 'sharp';
import { rgbPixels } from './test-images.js';

/** A rectangle in photo pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A room photo drawn with its structure at known places, so a test can check placement against the truth rather than the detector's answer. */
export interface KnownRoom {
  image: Buffer;
  width: number;
  height: number;
  /** Row where the back wall meets the floor. */
  floorLineY: number;
  /** Row where the back wall meets the ceiling. */
  ceilingY: number;
  window: Box;
  door: Box;
  /** Present when drawn with `{ fireplace: true }`: surround and mantel included. */
  fireplace?: Box;
}

/**
 * An empty room, 1200×900, level camera, exposed like a listing photo (walls mid-tone, daylight
 * through the glass brighter than any wall): back wall with a window (dark frame, bright glass,
 * sill 0.75 m up) on the left and a wooden door down to the floor on the right, side walls, a board
 * floor, skirting; optionally a fireplace (stone surround, dark firebox, white mantel at ~1 m) between
 * them. Drawn once with SVG, like a plain listing photo.
 */
export async function renderKnownRoom(options: { fireplace?: boolean } = {}): Promise<KnownRoom> {
  const width = 1200;
  const height = 900;
  const vp = { x: 600, y: 380 };
  const back = { left: 250, right: 950, top: 180, bottom: 600 };
  const window: Box = { left: 300, top: 250, right: 520, bottom: 450 };
  const door: Box = { left: 770, top: 330, right: 890, bottom: 600 };
  const fireplace: Box | undefined = options.fireplace ? { left: 555, top: 462, right: 735, bottom: 600 } : undefined;
  const fireplaceSvg = fireplace
    ? `<rect x="${fireplace.left + 10}" y="${fireplace.top + 12}" width="${fireplace.right - fireplace.left - 20}" height="${fireplace.bottom - fireplace.top - 12}" fill="#b9b0a2"/>
       <rect x="${fireplace.left + 40}" y="${fireplace.top + 45}" width="${fireplace.right - fireplace.left - 80}" height="${fireplace.bottom - fireplace.top - 45}" fill="#221c18"/>
       <rect x="${fireplace.left}" y="${fireplace.top}" width="${fireplace.right - fireplace.left}" height="14" fill="#f4f1ea" stroke="#8f887c" stroke-width="2"/>`
    : '';
  // Lines through the vanishing point, from a back-wall corner to the frame's edge.
  const toEdge = (x: number, y: number, edgeX: number) => ({ x: edgeX, y: vp.y + ((y - vp.y) * (edgeX - vp.x)) / (x - vp.x) });
  const pts = (...points: Array<{ x: number; y: number }>) => points.map((p) => `${p.x},${p.y}`).join(' ');
  const bl = toEdge(back.left, back.bottom, 0);
  const tl = toEdge(back.left, back.top, 0);
  const br = toEdge(back.right, back.bottom, width);
  const tr = toEdge(back.right, back.top, width);
  const boards: string[] = [];
  for (let x = back.left; x <= back.right; x += 35) {
    const end = { x: vp.x + ((x - vp.x) * (height - vp.y)) / (back.bottom - vp.y), y: height };
    boards.push(`<line x1="${x}" y1="${back.bottom}" x2="${end.x}" y2="${end.y}" stroke="#8c6a48" stroke-width="2"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfdff"/><stop offset="1" stop-color="#eef5fa"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="#f0ede6"/>
    <polygon points="${pts({ x: 0, y: 0 }, { x: width, y: 0 }, tr, { x: back.right, y: back.top }, { x: back.left, y: back.top }, tl)}" fill="#f7f5f0"/>
    <polygon points="${pts(tl, { x: back.left, y: back.top }, { x: back.left, y: back.bottom }, bl)}" fill="#ddd6ca"/>
    <polygon points="${pts({ x: back.right, y: back.top }, tr, br, { x: back.right, y: back.bottom })}" fill="#d6cfc2"/>
    <rect x="${back.left}" y="${back.top}" width="${back.right - back.left}" height="${back.bottom - back.top}" fill="#d9d2c6"/>
    <polygon points="${pts(bl, { x: back.left, y: back.bottom }, { x: back.right, y: back.bottom }, br, { x: width, y: height }, { x: 0, y: height })}" fill="#b0855a"/>
    ${boards.join('')}
    <polygon points="${pts({ x: back.left, y: back.bottom - 10 }, { x: back.right, y: back.bottom - 10 }, { x: back.right, y: back.bottom }, { x: back.left, y: back.bottom })}" fill="#fbfaf6" stroke="#9d968a" stroke-width="2"/>
    <rect x="${window.left}" y="${window.top}" width="${window.right - window.left}" height="${window.bottom - window.top}" fill="url(#glass)" stroke="#4a4743" stroke-width="8"/>
    <line x1="${(window.left + window.right) / 2}" y1="${window.top}" x2="${(window.left + window.right) / 2}" y2="${window.bottom}" stroke="#4a4743" stroke-width="6"/>
    <rect x="${window.left - 10}" y="${window.bottom}" width="${window.right - window.left + 20}" height="8" fill="#fbfaf6" stroke="#9d968a" stroke-width="1"/>
    <rect x="${door.left}" y="${door.top}" width="${door.right - door.left}" height="${door.bottom - door.top}" fill="#7a4e30" stroke="#3c2616" stroke-width="6"/>
    <rect x="${door.left + 18}" y="${door.top + 20}" width="${door.right - door.left - 36}" height="100" fill="none" stroke="#5c3a22" stroke-width="4"/>
    <circle cx="${door.right - 16}" cy="${door.top + 150}" r="5" fill="#c9b37a"/>
    ${fireplaceSvg}
  </svg>`;
  const image = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  return { image, width, height, floorLineY: back.bottom, ceilingY: back.top, window, door, fireplace };
}

/** Pixels the engine changed: a 0/1 mask of where the staged image differs clearly from the original (JPEG noise left out). */
export async function changedMask(original: Buffer, staged: Buffer): Promise<{ mask: Uint8Array; width: number; height: number }> {
  const [a, b] = await Promise.all([rgbPixels(original), rgbPixels(staged)]);
  const mask = new Uint8Array(a.width * a.height);
  for (let i = 0; i < mask.length; i++) {
    const diff = Math.abs(a.data[i * 3] - b.data[i * 3]) + Math.abs(a.data[i * 3 + 1] - b.data[i * 3 + 1]) + Math.abs(a.data[i * 3 + 2] - b.data[i * 3 + 2]);
    mask[i] = diff > 60 ? 1 : 0;
  }
  return { mask, width: a.width, height: a.height };
}

/** Share 0..1 of changed pixels inside a box. */
export function changedShare(changed: { mask: Uint8Array; width: number; height: number }, box: Box): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, Math.floor(box.top)); y < Math.min(changed.height, Math.ceil(box.bottom)); y++) {
    for (let x = Math.max(0, Math.floor(box.left)); x < Math.min(changed.width, Math.ceil(box.right)); x++, count++) sum += changed.mask[y * changed.width + x];
  }
  return count ? sum / count : 0;
}

/** The upper two thirds of an opening: what furniture must leave visible. */
export function upperTwoThirds(box: Box): Box {
  return { ...box, bottom: box.bottom - (box.bottom - box.top) / 3 };
}

