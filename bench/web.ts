/**
 * `npm run bench -- web`: what a first visit of the landing page downloads in JavaScript and CSS,
 * gzip-compressed, compared with the peer's 197 KB: target ≤ 130 KB.
 *
 * The web app is built with Vite into a temp dir (bench/lib/harness.ts buildWeb; BENCH_WEB_DIR=<dir>
 * measures an existing build) and served by the real app (bench/lib/server-host.ts with
 * BENCH_WEB_ROOT, on an embedded PostgreSQL, so /api/auth/user answers 401 and /api/config is real).
 * Chromium (Playwright, /usr/bin/chromium, a fresh context: no cache, no cookies, no stored consent)
 * opens `/` at 1280x720 and waits for network idle; every script and stylesheet response of that
 * load is gzip-compressed here (zlib level 9, like scripts/measure-landing-bundle.mjs) and summed,
 * because the app itself sends them uncompressed. Measured for a German (de-DE, the default
 * market) and an English (en-US) browser. BENCH_DEBUG=1 lists the files.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  buildWeb,
  debug,
  kb,
  note,
  printLoad,
  report,
  startDatabase,
  startServer,
} from './lib/harness.js';

const PEER_BYTES = 197 * 1024;
const TARGET_BYTES = 130 * 1024;

export default async function runWebBench(): Promise<void> {
  printLoad();
  const webRoot = await buildWeb();
  const database = await startDatabase();
  try {
    const server = await startServer('bench/lib/server-host.ts', {
      DATABASE_URL: database.url,
      BENCH_WEB_ROOT: webRoot,
    });
    try {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        for (const locale of ['de-DE', 'en-US']) {
          const load = await firstVisit(browser, server.baseUrl, locale);
          note(
            `${locale}: ${load.files.length} JS/CSS files, ${kb(load.raw)} uncompressed, served with content-encoding: ${load.encodings.join(', ') || 'none'}; ` +
              `all requests of the load: ${load.requests}; API calls: ${load.api.join(', ')}`,
          );
          if (debug)
            for (const f of load.files.sort((a, b) => b.gzip - a.gzip))
              console.log(
                `    ${kb(f.gzip).padStart(9)} gz ${kb(f.raw).padStart(9)} raw  ${f.url}`,
              );
          report({
            figure: `landing page initial JS+CSS, gzip, first visit (${locale} browser)`,
            value: kb(load.gzip),
            comparison: 'the peer',
            comparisonValue: kb(PEER_BYTES),
            ratio: load.gzip / PEER_BYTES,
            target: `≤ ${kb(TARGET_BYTES)}`,
            pass: load.gzip <= TARGET_BYTES,
          });
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
  }
}

interface FileLoad {
  url: string;
  raw: number;
  gzip: number;
}

async function firstVisit(browser: Browser, baseUrl: string, locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const pending: Promise<FileLoad | null>[] = [];
    const encodings = new Set<string>();
    const api: string[] = [];
    let requests = 0;
    page.on('request', () => (requests += 1));
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/'))
        api.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
      if (type !== 'script' && type !== 'stylesheet') return;
      const encoding = response.headers()['content-encoding'];
      if (encoding) encodings.add(encoding);
      pending.push(
        response.body().then(
          (body) => ({
            url: url.pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    });
    const res = await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    if (!res?.ok()) throw new Error(`landing page answered ${res?.status()}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    const files = (await Promise.all(pending)).filter((f): f is FileLoad => f !== null);
    if (!files.length) throw new Error('no script or stylesheet responses were seen');
    return {
      files,
      raw: files.reduce((n, f) => n + f.raw, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      encodings: [...encodings],
      requests,
      api,
    };
  } finally {
    await context.close();
  }
}
