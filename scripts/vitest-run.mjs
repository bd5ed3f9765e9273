#!/usr/bin/env node
// `npm run test:unit`: every Vitest project (server integration against PostgreSQL, web components),
// with a JSON report as well when VITEST_JSON names a file (CI's closing summary reads it).
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
if (process.env.VITEST_JSON) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${process.env.VITEST_JSON}`);
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
