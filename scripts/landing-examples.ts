/**
 * The landing page's before/after examples: real photos with real generative-model outputs from the
 * shared corpus (`../shared/corpus/`, MIT, notices in the legal notice), each run through the
 * geometry lock exactly as a staging run delivers a result (`lockResult`, then `finishResult` at the
 * Pro plan's size: no watermark). Writes AVIF, WebP and JPEG at a few widths to web/public/examples/
 * and the manifest the landing page reads (web/src/features/landing/examples.json), so the build and
 * the tests need nothing outside the repository. Decision 039.
 *
 *   npx tsx scripts/landing-examples.ts
 *
 * A pair the lock refuses is shown with the model's raw output instead and recorded as `raw` in the
 * manifest (the script says so); re-run it when the lock changes.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { lockResult } from '../server/src/staging/geometry-lock/lock.js';
import { finishResult } from '../server/src/staging/result-image.js';
import { sharedCorpusDir } from '../server/test/support/corpus.js';
import { MIT_PERMISSION, PHOTO_LICENCES } from '../web/src/features/legal/photo-licences.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'web/public/examples');
const manifestFile = path.join(root, 'web/src/features/landing/examples.json');

/** Widths written per image (never wider than the photo); the browser picks one by `sizes`. */
const WIDTHS = [480, 800, 1200];
const FORMATS = {
  avif: (image: sharp.Sharp) => image.avif({ quality: 55, effort: 6 }),
  webp: (image: sharp.Sharp) => image.webp({ quality: 78, effort: 6 }),
  jpg: (image: sharp.Sharp) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
} as const;

/** The corpus pairs labelled `good` in real-pairs.json, plus the removal pair (shown only where removal runs). */
const EXAMPLES = [
  { id: 'furnish', task: 'furnish', room: 'living_room', before: 'furnish-before.jpg', after: 'furnish-after.jpg', holder: 'Mateus', repo: 'maateusx/ai-virtual-staging' },
  { id: 'realvibe-living', task: 'furnish', room: 'living_room', before: 'real/realvibe-living-before.jpg', after: 'real/realvibe-living-drift-after.png', holder: 'pachy0186-ai', repo: 'pachy0186-ai/realvibeai-realty' },
  { id: 'declutter', task: 'remove', room: 'living_room', before: 'declutter-before.jpg', after: 'declutter-after.jpg', holder: 'Mateus', repo: 'maateusx/ai-virtual-staging' },
] as const;

async function main() {
  const corpus = sharedCorpusDir();
  if (!corpus) throw new Error('../shared/corpus/ not found next to the checkout: this script needs the real pairs.');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const manifest = [];
  let total = 0;
  for (const example of EXAMPLES) {
    const original = readFileSync(path.join(corpus, example.before));
    const result = readFileSync(path.join(corpus, example.after));
    const outcome = await lockResult(original, result, { mode: example.task });
    let after: Buffer;
    if (outcome.verdict === 'locked') {
      after = (await finishResult(outcome.composite, 'pro', example.task)).image;
      console.log(`${example.id}: locked (${(outcome.figures.changedShare * 100).toFixed(1)} % changed, seam ${outcome.figures.seam?.toFixed(2) ?? '-'})`);
    } else {
      after = result;
      console.warn(`${example.id}: the lock REFUSED it (${outcome.reasons.join(', ')}); showing the model's raw output`);
    }
    const meta = await sharp(original).rotate().metadata();
    const width = meta.autoOrient?.width ?? meta.width!;
    const height = meta.autoOrient?.height ?? meta.height!;
    const widths = [...new Set([...WIDTHS.filter((w) => w < width), Math.min(width, Math.max(...WIDTHS))])];
    for (const [side, image] of [['before', original], ['after', after]] as const) {
      for (const w of widths) {
        const h = Math.round((w * height) / width);
        for (const [format, encode] of Object.entries(FORMATS)) {
          // The raw output of a refused pair may differ in size: drawn to the photo's frame like a delivered one.
          const data = await encode(sharp(image).rotate().resize(w, h, { fit: 'fill' }).removeAlpha().toColourspace('srgb')).toBuffer();
          writeFileSync(path.join(outDir, `${example.id}-${side}-${w}.${format}`), data);
          total += data.length;
        }
      }
    }
    manifest.push({
      id: example.id,
      task: example.task,
      room: example.room,
      width: Math.max(...widths),
      height: Math.round((Math.max(...widths) * height) / width),
      widths,
      delivered: outcome.verdict === 'locked' ? 'locked' : 'raw',
      holder: example.holder,
      source: example.repo,
    });
  }
  // The MIT notices travel with the copies (the legal notice shows the same text).
  const notices = PHOTO_LICENCES.map((l) => [`${l.files}: from ${l.source}`, '', 'MIT License', '', l.copyright, '', ...MIT_PERMISSION.flatMap((p) => [p, ''])].join('\n'));
  writeFileSync(path.join(outDir, 'LICENSE-photos.txt'), `Licences of the example photos in this folder.\n\n${notices.join('\n')}`);
  writeFileSync(manifestFile, `${JSON.stringify({ examples: manifest }, null, 2)}\n`);
  console.log(`total ${(total / 1024).toFixed(0)} KB in ${path.relative(root, outDir)}; manifest ${path.relative(root, manifestFile)}`);
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
