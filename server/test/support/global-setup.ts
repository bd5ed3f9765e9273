import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';

/**
 * Once per test run: a PostgreSQL server (DATABASE_URL, else an embedded one in a temp dir) and a
 * migrated template database. Each test file then clones the template (fast) into its own database.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let tmp: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-test-pg-'));
    embedded = await startEmbeddedPostgres(tmp);
    adminUrl = embedded.url;
  }
  const template = `rw_tpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await runMigrations(withDatabase(adminUrl, template));
  // A template must have no open connections while it is cloned.
  await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  await admin.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}_%`],
    );
    for (const { datname } of rows) {
      await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    await c.end();
    await embedded?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
