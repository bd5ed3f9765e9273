import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir } from './e2e/fixtures/data-dir.js';
import { FAKE_STRIPE_APP_ENV } from './e2e/fixtures/fake-stripe-env.js';

/**
 * End-to-end journeys in Debian's Chromium (no browser download). `e2e/run.mjs` builds the app,
 * picks a free port and a fresh database, then runs this config; the app runs as `npm start` would.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
/** Billing runs against a FakeStripe on this port (e2e/tools/fake-stripe-server.ts), started before the app. */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1);
const stripeUrl = `http://127.0.0.1:${stripePort}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // No retries, in CI either: a journey that passes only on its second try is a flaky journey to fix, not a pass.
  retries: 0,
  // A committed test.only would narrow CI to one journey without a word: refused there (issue 36).
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx tsx e2e/tools/fake-stripe-server.ts --port ${stripePort} --webhook ${baseURL}/api/stripe/webhook`,
      // Any answer means it is up (401: no API key).
      url: `${stripeUrl}/v1/customers`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server/src/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        // Without SMTP_URL the app writes every mail to DATA_DIR/mail/*.eml (e2e/fixtures/mail.ts reads them).
        DATA_DIR: e2eDataDir(),
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        SESSION_SECRET: 'e2e-session-secret-e2e-session-secret',
        ADMIN_EMAILS: 'admin-e2e@example.com',
        // Every journey signs up from the same address: the production default (20 an hour) would run out.
        REGISTER_LIMIT_PER_HOUR: '500',
        // Every journey confirms its sign-up from 127.0.0.1.
        TOKEN_ATTEMPTS_PER_15_MIN: '1000',
        LOG_LEVEL: 'warn',
        STAGING_ENGINE: 'offline',
        NODE_ENV: 'test',
        ...FAKE_STRIPE_APP_ENV,
        STRIPE_API_URL: stripeUrl,
      },
    },
  ],
});
