import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The real photos and real model outputs the tests use (MIT, notice beside them): copied into
 * `server/test/fixtures/corpus/`, so a clone needs nothing next to it to run its tests.
 */
export const TEST_CORPUS_DIR = path.resolve(here, '..', 'fixtures', 'corpus');

export type CorpusFile = 'furnish-before.jpg' | 'furnish-after.jpg' | 'declutter-before.jpg' | 'declutter-after.jpg' | 'realvibe-living-before.jpg' | 'realvibe-living-drift-after.png' | 'realvibe-bedroom-before.jpg' | 'transroomer-bedroom-panels-before.jpg';

export function corpusImage(name: CorpusFile): Buffer {
  return readFileSync(path.join(TEST_CORPUS_DIR, name));
}

/**
 * The whole shared corpus (`shared/corpus/` next to the checkout, with the real before/after pairs of
 * `real-pairs.json`), for benchmarks and evaluations only; undefined when it is not there. Walking up
 * from here finds `<dir>/shared/corpus` for a clone in `<dir>/<clone>` (CI) as for a worktree deeper down.
 */
export function sharedCorpusDir(): string | undefined {
  let dir = here;
  for (;;) {
    const candidate = path.join(dir, 'shared', 'corpus');
    if (existsSync(path.join(candidate, 'README.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
