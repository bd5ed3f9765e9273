import sharp from 'sharp';
import { type Rgb } from './drift.js';

/**
 * What real image models do to a good answer besides adding furniture (issue #29, seen on published
 * before/after pairs), applied with known values so the right verdict is known: the room stays the
 * room, the answer must be delivered.
 * - relight: exposure gain, gamma and white balance over the whole frame (a warmer, brighter render);
 * - lampGlow: a soft bright disc on the wall around a lamp the model added;
 * - rerender: softened texture and re-drawn edges, then a lossy WebP round trip;
 * - stretch: anisotropic scaling about the centre, cropped back to the frame (a re-render ±10 %).
 */
export interface Relight {
  gain: number;
  gamma: number;
  /** Multipliers of red and blue (white balance). */
  red: number;
  blue: number;
}

export function relight(image: Rgb, light: Relight): Rgb {
  const lut = [light.red, 1, light.blue].map((m) => {
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) table[v] = Math.max(0, Math.min(255, Math.round(255 * Math.pow(v / 255, light.gamma) * light.gain * m)));
    return table;
  });
  const data = Buffer.alloc(image.data.length);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = lut[0]![image.data[i]!]!;
    data[i + 1] = lut[1]![image.data[i + 1]!]!;
    data[i + 2] = lut[2]![image.data[i + 2]!]!;
  }
  return { ...image, data };
}

/** A warm glow centred at (cx, cy) (shares of the frame), `radius` a share of the width, `strength` the added light at its centre (0–1). */
export function lampGlow(image: Rgb, cx: number, cy: number, radius: number, strength: number): Rgb {
  const { width, height } = image;
  const data = Buffer.from(image.data);
  const r = radius * width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d2 = ((x - cx * width) ** 2 + (y - cy * height) ** 2) / (r * r);
      const f = strength * Math.exp(-d2);
      if (f < 0.002) continue;
      const i = 3 * (y * width + x);
      data[i] = Math.min(255, Math.round(data[i]! + (255 - data[i]!) * f));
      data[i + 1] = Math.min(255, Math.round(data[i + 1]! + (235 - data[i + 1]!) * f * 0.9));
      data[i + 2] = Math.min(255, Math.round(data[i + 2]! + (200 - data[i + 2]!) * f * 0.6));
    }
  }
  return { ...image, data };
}

export async function rerender(image: Rgb): Promise<Rgb> {
  const raw = { raw: { width: image.width, height: image.height, channels: 3 as const } };
  const webp = await sharp(image.data, raw).blur(1.1).sharpen({ sigma: 1.5, m1: 0.5, m2: 2 }).webp({ quality: 72 }).toBuffer();
  const { data } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { ...image, data };
}

/** Scales by (sx, sy) about the centre and crops back to the frame (mirrored where it shrank). */
export async function stretch(image: Rgb, sx: number, sy: number): Promise<Rgb> {
  const { width, height } = image;
  const w = Math.round(width * sx);
  const h = Math.round(height * sy);
  let pipeline = sharp(image.data, { raw: { width, height, channels: 3 } }).resize(w, h, { fit: 'fill' });
  const padX = Math.max(0, width - w);
  const padY = Math.max(0, height - h);
  if (padX || padY) pipeline = sharp(await pipeline.raw().toBuffer(), { raw: { width: w, height: h, channels: 3 } }).extend({ left: padX >> 1, right: padX - (padX >> 1), top: padY >> 1, bottom: padY - (padY >> 1), extendWith: 'mirror' });
  const big = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const left = Math.max(0, (big.info.width - width) >> 1);
  const top = Math.max(0, (big.info.height - height) >> 1);
  const data = await sharp(big.data, { raw: { width: big.info.width, height: big.info.height, channels: 3 } }).extract({ left, top, width, height }).raw().toBuffer();
  return { data, width, height };
}
