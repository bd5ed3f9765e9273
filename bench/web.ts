/**
 * `npm run bench -- web`: what a first visit of the landing page downloads in JavaScript and CSS,
 * gzip-compressed, compared with the peer's 197 KB: target ≤ 120 KB (issue #37; the same limit the
 * landing-weight journey holds in `npm test`).
 *
 * The web app is built with Vite into a temp dir (bench/lib/harness.ts buildWeb; BENCH_WEB_DIR=<dir>
 * measures an existing build) and served by the real app (bench/lib/server-host.ts with
 * BENCH_WEB_ROOT, on an embedded PostgreSQL, so /api/auth/user answers 401 and /api/config is real).
 * Chromium (Playwright, /usr/bin/chromium, a fresh context: no cache, no cookies, no stored consent)
 * opens `/` at 1280x720 and waits for network idle; every script and stylesheet response of that
 * load is gzip-compressed (zlib level 9) and summed (e2e/fixtures/landing-weight.ts). Measured for a German (de-DE, the default
 * market) and an English (en-US) browser. BENCH_DEBUG=1 lists the files.
 */
import { chromium } from 'playwright-core';
import { LANDING_FIRST_VISIT_LIMIT_BYTES, landingFirstVisit } from '../e2e/fixtures/landing-weight.js';
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
const TARGET_BYTES = LANDING_FIRST_VISIT_LIMIT_BYTES;

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
          const load = await landingFirstVisit(browser, server.baseUrl, locale);
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
