import { loadConfig } from '../config.js';
import { runMigrations } from './migrate.js';
import { startEmbeddedPostgres } from './embedded.js';

/** `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database. */
const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.dataDir, console.log);
try {
  await runMigrations(config.DATABASE_URL ?? embedded!.url);
  console.log('migrations applied');
} finally {
  await embedded?.stop();
}
