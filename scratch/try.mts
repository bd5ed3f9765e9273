import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { lockResult } from '../server/src/staging/geometry-lock/lock.js';
const a = readFileSync('/work/shared/corpus/declutter-before.jpg');
const b = readFileSync('/work/shared/corpus/declutter-after.jpg');
for (const [name, res] of [['good', b], ['partition painted', await paint(b, 366, 262, 506, 596)], ['barn door painted', await paint(b, 66, 282, 250, 596)]] as const) {
  const o = await lockResult(a, res, { mode: 'remove' });
  console.log(name, o.verdict, o.figures, (o as any).reasons);
}
const o2 = await lockResult(a, b);
console.log('furnish mode', o2.verdict, (o2 as any).reasons);
async function paint(img: Buffer, x0: number, y0: number, x1: number, y1: number) {
  const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
  // wall colour: sampled just right of the partition on the wall
  const si = (300 * info.width + 530) * info.channels;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${info.height}"><rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="rgb(${data[si]},${data[si + 1]},${data[si + 2]})"/></svg>`;
  return sharp(img).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 92 }).toBuffer();
}
