import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import manifest from '../../web/src/features/landing/examples.json' with { type: 'json' };
import { corpusImage, type CorpusFile } from './support/corpus.js';

/**
 * Issue #26 item 10 (decision 039): the landing page's examples are the real corpus pairs, shipped
 * in the repository (scripts/landing-examples.ts wrote them), not drawings of the preview engine.
 */
const EXAMPLES_DIR = path.resolve(import.meta.dirname, '../../web/public/examples');
const FORMATS = ['avif', 'webp', 'jpg'] as const;

/** Mean absolute grey-level difference of two images drawn at the same small size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const grey = (image: Buffer) => sharp(image).rotate().resize(256, 256, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('the landing examples', () => {
  it('every width, side and format of every example is shipped at the size the manifest gives', async () => {
    expect(manifest.examples.map((e) => e.id)).toEqual(['furnish', 'realvibe-living', 'declutter']);
    for (const example of manifest.examples) {
      expect(Math.max(...example.widths)).toBe(example.width);
      for (const side of ['before', 'after']) {
        for (const width of example.widths) {
          for (const format of FORMATS) {
            const meta = await sharp(readFileSync(path.join(EXAMPLES_DIR, `${example.id}-${side}-${width}.${format}`))).metadata();
            expect(meta.width, `${example.id}-${side}-${width}.${format}`).toBe(width);
            expect(Math.abs(meta.height - (width * example.height) / example.width)).toBeLessThanOrEqual(1);
          }
        }
      }
    }
    expect(readFileSync(path.join(EXAMPLES_DIR, 'LICENSE-photos.txt'), 'utf8')).toContain('Copyright (c) 2025 pachy0186-ai');
  });

  it.each([
    ['furnish', 'furnish-before.jpg', 'furnish-after.jpg'],
    ['declutter', 'declutter-before.jpg', 'declutter-after.jpg'],
  ] as const)('%s is the real photo and the model’s result, as the geometry lock delivered it', async (id, before: CorpusFile, after: CorpusFile) => {
    const example = manifest.examples.find((e) => e.id === id)!;
    expect(example.delivered).toBe('locked');
    const shipped = (side: string) => readFileSync(path.join(EXAMPLES_DIR, `${id}-${side}-${example.width}.jpg`));
    const photo = corpusImage(before);
    const model = corpusImage(after);
    // The before side is the photo itself (re-encoded only).
    expect(await difference(shipped('before'), photo)).toBeLessThan(2);
    // The after side is the model's result laid onto the photo: far closer to the model's output than
    // the photo is, and not the photo unchanged.
    const modelToPhoto = await difference(model, photo);
    expect(await difference(shipped('after'), model)).toBeLessThan(modelToPhoto / 2);
    expect(await difference(shipped('after'), photo)).toBeGreaterThan(modelToPhoto / 2);
  });
});
