/**
 * Screenshots of issue #23's screens in DE/EN at 1440 and 375 px, for looking at the work. Not a
 * test. Run against the built app started with a slow engine and a mail server that refuses, e.g.
 *   STAGING_ENGINE=fixed-latency FIXED_LATENCY_MS=60000 SMTP_URL=smtp://127.0.0.1:9 MAIL_RETRY_LIMIT=0 node dist/server/src/main.js
 * with a verified admin account (ADMIN_EMAIL/ADMIN_PASSWORD) that has credits left:
 *   BASE_URL=http://localhost:3000 npx tsx e2e/tools/screenshots-outbox.ts
 * Shots: the picker with a broken file, the new-project screen after a reload mid-run, the
 * dashboard, My Projects while processing, and the admin System Status with a failed mail.
 * Output: $OUT_DIR (default /tmp/shots-outbox).
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { roomPhotos } from '../fixtures/rooms.js';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-outbox';
const CONSENT = JSON.stringify({
  preferences: { necessary: true, analytics: false, marketing: false },
  timestamp: new Date().toISOString(),
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
mkdirSync(OUT, { recursive: true });
const signIn = await browser.newContext();
const login = await signIn.request.post(`${BASE}/api/auth/login`, {
  data: {
    email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.ADMIN_PASSWORD ?? 'admin-password-1',
  },
  headers: { origin: BASE },
});
if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
const storageState = await signIn.storageState();
await signIn.close();
const [room] = await roomPhotos(1);

async function open(lang: 'de' | 'en', width: number, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, c]) => {
      localStorage.setItem('language', l!);
      localStorage.setItem('theme', 'light');
      localStorage.setItem('cookie-consent', c!);
    },
    [lang, CONSENT],
  );
  await page.goto(`${BASE}${url}`);
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  console.log(name);
  await page.context().close();
}

try {
  // A run that stays live for a while (the slow engine), started once through the new-project screen.
  const starter = await open('en', 1440, '/new-project');
  await starter.getByTestId('project-name').fill('Lindenstraße 14');
  await starter.getByTestId('file-input').setInputFiles([room!]);
  await starter.getByTestId('image-previews').locator('li img').first().waitFor();
  await starter.getByTestId('start-staging').click();
  await starter.getByTestId('progress-overlay').waitFor();
  await starter.waitForTimeout(3000);
  await starter.context().close();

  for (const lang of ['de', 'en'] as const)
    for (const width of [1440, 375]) {
      const picker = await open(lang, width, '/new-project');
      await picker
        .getByTestId('file-input')
        .setInputFiles([
          { name: 'kaputt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('kein Foto\n') },
          room!,
        ]);
      await picker.getByTestId('picker-rejected').waitFor();
      await shot(picker, `picker-rejected-${lang}-${width}`);

      const reloaded = await open(lang, width, '/new-project');
      await reloaded.getByTestId('active-run').first().waitFor();
      await shot(reloaded, `new-project-active-run-${lang}-${width}`);

      const dashboard = await open(lang, width, '/dashboard');
      await dashboard.getByTestId('active-run').first().waitFor();
      await shot(dashboard, `dashboard-active-run-${lang}-${width}`);

      const projects = await open(lang, width, '/my-projects');
      await projects.getByTestId('status-badge').first().waitFor();
      await shot(projects, `my-projects-${lang}-${width}`);

      const admin = await open(lang, width, '/admin');
      await admin.getByTestId('system-mail').waitFor();
      await shot(admin, `admin-system-${lang}-${width}`);
    }
} finally {
  await browser.close();
}
