import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real photos and real model outputs (MIT, `shared/corpus/README.md`), used
 * from where it lies, never copied into the repository. It sits next to the checkout: walking up
 * from here finds `<dir>/shared/corpus` for a clone in `<dir>/<clone>` (CI) as for a worktree
 * deeper down (`/work/wt/<branch>` with `/work/shared`).
 */
export function corpusDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'shared', 'corpus');
    if (existsSync(path.join(candidate, 'README.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('shared/corpus not found next to the checkout (see shared/corpus/README.md)');
    dir = parent;
  }
}

export type CorpusFile = 'furnish-before.jpg' | 'furnish-after.jpg' | 'declutter-before.jpg' | 'declutter-after.jpg';

export function corpusImage(name: CorpusFile): Buffer {
  return readFileSync(path.join(corpusDir(), name));
}
