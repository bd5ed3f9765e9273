import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { grantAdmin } from './accounts.js';

/** `npm run admin -- grant EMAIL`: makes an existing user an administrator. */
const [command, email] = process.argv.slice(2);
if (command !== 'grant' || !email) {
  console.error('usage: npm run admin -- grant EMAIL');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.dataDir);
const url = config.DATABASE_URL ?? embedded!.url;
await runMigrations(url);
const database = connectDatabase(url);
try {
  const user = await grantAdmin(database.db, email);
  if (!user) {
    console.error(`No user with the e-mail address ${email}. They need to sign up first.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an administrator.`);
  }
} finally {
  await database.close();
  await embedded?.stop();
}
