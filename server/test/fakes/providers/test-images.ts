import sharp from 'sharp';
import { seededRandom } from '../../../src/staging/engines/offline/svg.js';

/** Test helpers: pixel statistics and generated pictures (no binary fixtures in the repository). */
export async function rgbPixels(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference (0..255) of two same-size images inside a box given in fractions. */
export async function meanAbsDiff(a: Buffer, b: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): Promise<number> {
  const [pa, pb] = await Promise.all([rgbPixels(a), rgbPixels(b)]);
  const { width, height } = pa;
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(box.y0 * height); y < Math.floor(box.y1 * height); y++) {
    for (let x = Math.floor(box.x0 * width); x < Math.floor(box.x1 * width); x++) {
      const i = (y * width + x) * 3;
      sum += Math.abs(pa.data[i] - pb.data[i]) + Math.abs(pa.data[i + 1] - pb.data[i + 1]) + Math.abs(pa.data[i + 2] - pb.data[i + 2]);
      count += 3;
    }
  }
  return sum / count;
}

/** Mean RGB inside a box given in fractions. */
export async function meanColor(image: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): Promise<[number, number, number]> {
  const { data, width, height } = await rgbPixels(image);
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(box.y0 * height); y < Math.floor(box.y1 * height); y++) {
    for (let x = Math.floor(box.x0 * width); x < Math.floor(box.x1 * width); x++) {
      const i = (y * width + x) * 3;
      sum[0] += data[i];
      sum[1] += data[i + 1];
      sum[2] += data[i + 2];
      count++;
    }
  }
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

/** Seeded colour noise as a JPEG: an "image" with no room in it at all. */
export async function noiseImage(width: number, height: number, seed = 1): Promise<Buffer> {
  const random = seededRandom(seed);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}
