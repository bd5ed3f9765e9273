import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../paths.js';
import { withDatabase } from '../../test/support/global-setup.js';

/**
 * Migration 0020 on a database that had public-API rows owned by users: every row moves to its user's
 * personal workspace, none is lost, and `owner_id` then accepts workspaces only.
 */
const MIGRATION = '0020_public_api_workspace_owner.sql';
const adminUrl = inject('adminDatabaseUrl');
const name = `migration_0020_${randomBytes(4).toString('hex')}`;
let db: pg.Client;

async function apply(files: string[]) {
  for (const file of files) await db.query(readFileSync(path.join(migrationsFolder, file), 'utf8'));
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  db = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await db.connect();
  await apply(readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql') && f < MIGRATION).sort());
});
afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0020: public-API rows belong to workspaces', () => {
  it("moves every user's keys, renders' rows, endpoints, deliveries and idempotency keys to their personal workspace", async () => {
    const users = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    for (const [i, id] of users.entries()) {
      await db.query(`INSERT INTO users (id, email, first_name) VALUES ($1, $2, 'Test')`, [id, `m0020-${i}@example.com`]);
      await db.query(`INSERT INTO api_keys (owner_id, created_by, name, prefix, key_hash, scopes, signing_secret) VALUES ($1, $1, 'CRM', 'rw_live_x', $2, '{stage,read}', 'whsec_x')`, [id, `hash-${i}`]);
      await db.query(`INSERT INTO webhook_endpoints (owner_id, url, secret) VALUES ($1, 'https://crm.example.com/hook', 'whsec_y')`, [id]);
      await db.query(`INSERT INTO webhook_deliveries (owner_id, url, event_type, run_id, payload) VALUES ($1, 'https://crm.example.com/hook', 'render.failed', gen_random_uuid(), '{}')`, [id]);
      await db.query(`INSERT INTO api_idempotency (owner_id, key, fingerprint) VALUES ($1, 'order-1', 'f')`, [id]);
    }
    const personal = new Map(
      (await db.query<{ id: string; billing_user_id: string }>(`SELECT id, billing_user_id FROM workspaces`)).rows.map((w) => [w.billing_user_id, w.id]),
    );

    await apply([MIGRATION]);

    for (const table of ['api_keys', 'webhook_endpoints', 'webhook_deliveries', 'api_idempotency']) {
      const { rows } = await db.query<{ owner_id: string }>(`SELECT owner_id FROM ${table} ORDER BY owner_id`);
      expect([table, rows.map((r) => r.owner_id).sort()]).toEqual([table, users.map((u) => personal.get(u)).sort()]);
    }
    const { rows: keys } = await db.query(`SELECT created_by, key_hash FROM api_keys ORDER BY key_hash`);
    expect(keys).toEqual(users.map((u, i) => ({ created_by: u, key_hash: `hash-${i}` })));
    // A user id is no owner any more.
    await expect(db.query(`INSERT INTO api_keys (owner_id, name, prefix, key_hash, scopes, signing_secret) VALUES ($1, 'x', 'p', 'h', '{read}', 's')`, [users[0]])).rejects.toThrow(
      /api_keys_owner_id_workspaces_id_fk/,
    );
  });
});
