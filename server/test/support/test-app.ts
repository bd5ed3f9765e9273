import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { applyAdminEmails } from '../../src/auth/accounts.js';
import { createBilling, type Billing } from '../../src/billing/billing-module.js';
import { users } from '../../src/db/schema/users.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { connectDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { startJobQueue, type JobDefinition, type JobQueue } from '../../src/jobs/job-queue.js';
import { jobDefinitions } from '../../src/runtime.js';
import { createServices, type ServiceOverrides, type Services } from '../../src/services.js';
import { createTestDatabase } from './test-database.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_ORIGIN = 'http://raumwerk.test';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  jobs: JobQueue | null;
  services: Services;
  billing: Billing;
  /** The jobs as production wires them (runtime.ts jobDefinitions), whether or not pg-boss was started. */
  jobDefinitions: JobDefinition<any>[];
  close(): Promise<void>;
}

/**
 * The real app on its own fresh database (and its own data dir), for `app.inject` tests.
 * `env` overrides configuration; `jobs: true` starts pg-boss with in-process workers, `'send-only'`
 * without workers (sent jobs stay queued). `webRoot`: a folder with an index.html served as the web app (else none).
 */
export async function createTestApp(
  options: { env?: Record<string, string>; jobs?: boolean | 'send-only'; services?: ServiceOverrides; webRoot?: string } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = connectDatabase(testDb.url, { poolSize: 10 });
  const silent = (await import('pino')).default({ level: 'silent' });
  const services = createServices(config, database, options.services);
  const billing = createBilling(config);
  const definitions = jobDefinitions(database, services, billing);
  const jobs = options.jobs ? await startJobQueue(testDb.url, definitions, { work: options.jobs === true, log: silent as never }) : null;
  const app = await buildApp({ config, database, jobs, services, billing, ...(options.webRoot ? { webRoot: options.webRoot } : { serveWeb: false }) });
  await app.ready();
  return {
    app,
    config,
    database,
    jobs,
    services,
    billing,
    jobDefinitions: definitions,
    async close() {
      await app.close();
      await jobs?.stop();
      services.mail.close();
      await database.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The jobs of a process as production wires them, billing made from `config` (runtime.ts). */
export function wiredJobDefinitions(config: AppConfig, database: DatabaseHandle, services: Services): JobDefinition<any>[] {
  return jobDefinitions(database, services, createBilling(config));
}

/** The session cookie a response set, as a `cookie` request header value. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'rw_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `rw_session=${cookie.value}`;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Registers a fresh user and returns its cookie and body. The address is confirmed (as after
 * clicking the mailed link) unless `verified: false`: staging needs a confirmed address.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; verified: boolean }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: overrides.firstName ?? 'Test' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const user = response.json() as { id: string; email: string };
  if (overrides.verified !== false) await markVerified(app, user.id);
  return { email, password, cookie: sessionCookieFrom(response), user };
}

/**
 * Confirms a user's address directly in the database, with what confirming brings (ADMIN_EMAILS);
 * the mail flow itself is tested in auth/account-mail.test.ts.
 */
export async function markVerified(app: FastifyInstance, userId: string): Promise<void> {
  const [row] = await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId)).returning();
  await applyAdminEmails(app.db, row!, app.config.ADMIN_EMAILS);
}
