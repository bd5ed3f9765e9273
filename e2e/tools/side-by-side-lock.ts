/**
 * Original | model output | delivered, side by side, for looking at the geometry lock's work in the
 * staging run's own steps (lock, then the pro plan's finishing): the corpus's good pair as the
 * provider would answer it (resized to 1024x1536), the same output drifted (rotated, zoomed,
 * shifted), and another room in its place (refused: no delivered image). Not a test.
 *   npx tsx e2e/tools/side-by-side-lock.ts     # output: $OUT_DIR (default /work/wt/shots/lock-wiring)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { lockResult } from '../../server/src/staging/geometry-lock/lock.js';
import { finishResult } from '../../server/src/staging/result-image.js';
import { corpusImage } from '../../server/test/support/corpus.js';
import { driftedOutput } from '../../server/test/support/model-outputs.js';

const OUT = process.env.OUT_DIR ?? '/work/wt/shots/lock-wiring';
mkdirSync(OUT, { recursive: true });
const original = corpusImage('furnish-before.jpg');
const asProvider = (image: Buffer) => sharp(image).resize(1024, 1536, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
const cases: Array<[string, Buffer]> = [
  ['corpus-good-pair', await asProvider(corpusImage('furnish-after.jpg'))],
  ['drifted-rot-1.5-zoom-1.06-shift', await asProvider(await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 1.5, scale: 1.06, shiftX: 0.03, shiftY: -0.02 }))],
  ['another-room', await asProvider(corpusImage('declutter-after.jpg'))],
];
const H = 900;
const panel = async (image: Buffer, label: string) => {
  const resized = await sharp(image).resize({ height: H }).toBuffer({ resolveWithObject: true });
  const w = resized.info.width;
  const text = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="40"><rect width="${w}" height="40" fill="#000" fill-opacity="0.6"/><text x="12" y="27" font-family="DejaVu Sans" font-size="20" fill="#fff">${label}</text></svg>`);
  return { input: await sharp(resized.data).composite([{ input: text, gravity: 'north' }]).toBuffer(), width: w };
};
for (const [name, output] of cases) {
  const outcome = await lockResult(original, output);
  const delivered =
    outcome.verdict === 'locked'
      ? (await finishResult(outcome.composite, 'pro')).image
      : await sharp({ create: { width: 1049, height: 1400, channels: 3, background: '#3a3a3a' } })
          .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1049" height="1400"><text x="524" y="700" text-anchor="middle" font-family="DejaVu Sans" font-size="48" fill="#fff">refused: ${outcome.reasons.join(', ')}</text></svg>`) }])
          .jpeg()
          .toBuffer();
  const f = outcome.figures;
  const panels = [
    await panel(original, 'original'),
    await panel(output, 'model output (1024x1536)'),
    await panel(delivered, `delivered: ${outcome.verdict} · ${f.alignmentErrorPx.toFixed(2)} px · ${(f.changedShare * 100).toFixed(0)}% changed · lines ${(f.architectureScore * 100).toFixed(0)}%`),
  ];
  const width = panels.reduce((sum, p) => sum + p.width + 8, -8);
  let left = 0;
  const layers = panels.map((p) => {
    const layer = { input: p.input, left, top: 0 };
    left += p.width + 8;
    return layer;
  });
  await sharp({ create: { width, height: H, channels: 3, background: '#ffffff' } }).composite(layers).png().toFile(path.join(OUT, `side-by-side-${name}.png`));
  console.log(name, outcome.verdict, f);
}
