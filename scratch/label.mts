import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { addDisclosureLabel } from '../server/src/objects/disclosure-label.js';
const img = await sharp(readFileSync('/work/shared/corpus/furnish-after.jpg')).jpeg().toBuffer();
const out = await addDisclosureLabel(img, 'de', { link: 'https://app.raumwerk.de/s/' + 'Ab3_x'.repeat(8) + 'xyz' });
writeFileSync('/tmp/lb-label.png', await sharp(out).resize(600).png().toBuffer());
