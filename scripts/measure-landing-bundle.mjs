/**
 * What a first visitor of the landing page downloads before the page is usable: the entry chunk with
 * its static imports and CSS, the landing page chunk (and its static imports), the landing texts of
 * one language, and the cookie banner with its texts. Prints each file and the gzip total.
 *
 *   node scripts/measure-landing-bundle.mjs            (builds into a temp dir first)
 *   node scripts/measure-landing-bundle.mjs <outDir>   (measures an existing build with .vite/manifest.json)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

let outDir = process.argv[2];
if (!outDir) {
  outDir = mkdtempSync(path.join(tmpdir(), 'raumwerk-build-'));
  execFileSync(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const files = new Map();

function add(key, why) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (!files.has(chunk.file)) files.set(chunk.file, why);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, why);
  for (const imported of chunk.imports ?? []) add(imported, why);
}

const lang = process.env.LANG_MEASURED ?? 'de';
add('index.html', 'entry');
add('src/features/landing/landing-page.tsx', 'landing');
add(`src/features/landing/i18n/${lang}.json`, 'landing texts');
add('src/features/consent/cookie-consent.tsx', 'cookie banner');
add(`src/features/consent/i18n/${lang}.json`, 'cookie banner texts');

let total = 0;
const rows = [...files].map(([file, why]) => {
  const gz = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  total += gz;
  return { file, why, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const row of rows)
  console.log(`${(row.gz / 1024).toFixed(2).padStart(8)} KB  ${row.why.padEnd(20)} ${row.file}`);
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  gzip total (JS + CSS, ${lang})`);
