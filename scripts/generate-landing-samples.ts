/**
 * Renders the landing page's before/after examples with our own engine: empty sample rooms from
 * `renderSampleRoom`, each staged in a different style by the offline staging engine. Writes WebP
 * pairs (large and small, for srcset) to web/public/samples/ and the manifest the landing page reads
 * (web/src/features/landing/samples.json). Deterministic: same code, same images.
 *
 *   npx tsx scripts/generate-landing-samples.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { STYLES, type StyleId } from '../contract/styles.js';
import { OfflineStagingEngine } from '../server/src/staging/engines/offline-engine.js';
import { renderSampleRoom } from '../server/src/staging/engines/sample-room.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'web/public/samples');
const manifestFile = path.join(root, 'web/src/features/landing/samples.json');

/** Rendered at 1.5x and scaled down, so the vector edges come out smooth. */
const WIDTHS = [640, 720, 1200] as const;
const RENDER = { width: 1800, height: 1200 };
const QUALITY = 78;

const SAMPLES: {
  variant: number;
  style: StyleId;
  room: 'living' | 'family' | 'loft' | 'lounge';
}[] = [
  { variant: 0, style: 'modern', room: 'living' },
  { variant: 1, style: 'scandinavian', room: 'family' },
  { variant: 2, style: 'industrial', room: 'loft' },
  { variant: 3, style: 'luxury', room: 'lounge' },
];

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const engine = new OfflineStagingEngine();
  const manifest = [];
  let total = 0;
  for (const sample of SAMPLES) {
    const id = `${sample.room}-${sample.style}`;
    const before = await renderSampleRoom(sample.variant, RENDER.width, RENDER.height);
    const style = STYLES[sample.style];
    const staged = await engine.stage({
      image: before,
      mimeType: 'image/jpeg',
      styleId: sample.style,
      styleName: style.styleName,
      styleDescription: style.description.en,
    });
    for (const [side, image] of [
      ['before', before],
      ['after', staged.image],
    ] as const) {
      for (const width of WIDTHS) {
        const file = path.join(outDir, `${id}-${side}-${width}.webp`);
        const data = await sharp(image)
          .resize({ width })
          .webp({ quality: QUALITY, effort: 6 })
          .toBuffer();
        writeFileSync(file, data);
        total += data.length;
        console.log(`${path.relative(root, file)}  ${(data.length / 1024).toFixed(1)} KB`);
      }
    }
    const large = Math.max(...WIDTHS);
    manifest.push({
      id,
      style: sample.style,
      room: sample.room,
      width: large,
      height: Math.round((large * RENDER.height) / RENDER.width),
      widths: [...WIDTHS],
    });
  }
  writeFileSync(manifestFile, `${JSON.stringify({ samples: manifest }, null, 2)}\n`);
  console.log(
    `total ${(total / 1024).toFixed(0)} KB in ${path.relative(root, outDir)}; manifest ${path.relative(root, manifestFile)}`,
  );
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
