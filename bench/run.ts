/**
 * `npm run bench [-- name ...]`: runs the named benchmarks (default: all) one after another.
 * Each `bench/<name>.ts` default-exports an async function that starts what it needs and prints
 * one line per figure: measured value, comparison figure, ratio and target.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeCvThreads } from '../server/src/staging/geometry-lock/threads/cv-threads.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = requested.length ? requested : available;

for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${available.join(', ')}`);
    process.exit(2);
  }
}
console.log(`# Raumwerk benchmarks — ${new Date().toISOString()} — node ${process.version}`);
for (const name of names) {
  console.log(`\n## ${name}`);
  const module = (await import(path.join(here, `${name}.ts`))) as { default: () => Promise<void> };
  await module.default();
}
// Benchmarks that lock or finish in this process started its image threads (decision 057): end them.
await closeCvThreads();
