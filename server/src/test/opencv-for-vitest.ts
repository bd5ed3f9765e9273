import { createRequire } from 'node:module';

/**
 * `@techstark/opencv-js` as the server tests import it. Vitest's module runner awaits the namespace
 * of an imported CommonJS module, and OpenCV.js 4.x exports a `then` (the "thenable" trap of
 * reference billing-geometry-mail §3.2), so a plain `import` never finished inside Vitest (it does
 * under Node and tsx). Loaded with Node's own require and re-exported as the default, it behaves
 * as in production. Wired by the alias in vitest.config.ts; production code is unchanged.
 */
const cv: unknown = createRequire(import.meta.url)('@techstark/opencv-js');
export default cv;
