#!/usr/bin/env node
// After `vite build`: the API reference renderer (Scalar's standalone browser bundle, from the
// @scalar/api-reference devDependency) copied to dist/api-reference with .br and .gz beside it.
// The server sends it at /docs/api/js/scalar.js (public-api/reference-page.ts); no server process
// loads it, and production images do not need the package (npm prune --omit=dev).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
// The package's main module is dist/index.js; the browser bundle sits beside it (not in its exports).
const source = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
const target = path.join(process.argv[2] ?? 'dist/api-reference', 'scalar.js');
mkdirSync(path.dirname(target), { recursive: true });
const body = readFileSync(source);
writeFileSync(target, body);
writeFileSync(`${target}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
console.log(`API reference renderer: ${source} → ${target} (${(body.length / 1e6).toFixed(1)} MB, .br, .gz)`);
