import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real photos (`<repo>/../shared/corpus`; MIT, see its README). Found by walking
 * up from this file, so it works from the main checkout, a worktree and CI's fresh clone alike.
 */
export function corpusDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'shared', 'corpus');
    if (existsSync(path.join(candidate, 'furnish-before.jpg'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('shared/corpus not found in any parent directory of the repository');
    dir = parent;
  }
}

export function corpusPhoto(name: 'furnish-before' | 'furnish-after' | 'declutter-before' | 'declutter-after'): Buffer {
  return readFileSync(path.join(corpusDir(), `${name}.jpg`));
}
