#!/usr/bin/env node
// Runs the Playwright journeys: checks for Chromium, builds the app, gives it a free port and a
// fresh database (DATABASE_URL names the server to create it on; else the app embeds its own).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  // Skipping the journeys silently would make `npm test` green with none of them run: it fails
  // unless skipping was asked for explicitly (E2E_ALLOW_SKIP=1, never set in CI).
  const allowed = process.env.E2E_ALLOW_SKIP === '1' && !process.env.CI;
  const banner = '='.repeat(78);
  console.error(
    [
      banner,
      `e2e: NO CHROMIUM at ${chromium}: the browser journeys CANNOT RUN.`,
      '  Install it with: apt-get update && apt-get install -y chromium   (or set CHROMIUM_PATH)',
      allowed
        ? '  E2E_ALLOW_SKIP=1 is set: the journeys are SKIPPED and this run proves nothing about them.'
        : '  Failing. To skip the journeys on purpose (never in CI), run with E2E_ALLOW_SKIP=1.',
      banner,
    ].join('\n'),
  );
  process.exit(allowed ? 0 : 1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

if (!process.env.E2E_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-e2e-'));
const stripePort = await freePort();
const env = { ...process.env, E2E_PORT: String(port), E2E_STRIPE_PORT: String(stripePort), E2E_DATA_DIR: dataDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `rw_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.E2E_DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
