#!/usr/bin/env node
// After `vite build`: writes .br and .gz next to every text asset of dist/web, so the server can send
// precompressed files (@fastify/static `preCompressed`) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let count = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
}
walk(root);
console.log(`compressed ${count} assets in ${root} (.br, .gz)`);
