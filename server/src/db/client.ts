import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// Timestamps come back as Date; bigint counts (COUNT(*)) as numbers: they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connectDatabase(url: string, options: { poolSize?: number; logger?: { error: (o: object, m: string) => void } } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (err) => options.logger?.error({ err }, 'idle database client failed'));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    pool,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
