import { expect, test } from '@playwright/test';
import { LANDING_FIRST_VISIT_LIMIT_BYTES, landingFirstVisit } from './fixtures/landing-weight.js';

/**
 * The landing page stays light (issue #37): a first visit downloads at most 120 KB of JavaScript and CSS
 * (gzip), in both languages. Fails when a change pulls a library (zod, the query client, the whole app)
 * into the page's first load; the list of files says which.
 */
for (const locale of ['de-DE', 'en-US']) {
  test(`a first visit of the landing page (${locale}) downloads at most 120 KB of JS and CSS, gzip`, async ({ browser, baseURL }) => {
    const load = await landingFirstVisit(browser, baseURL!, locale);
    const files = load.files.sort((a, b) => b.gzip - a.gzip).map((f) => `${(f.gzip / 1024).toFixed(1)} KB ${f.url}`);
    expect(load.gzip, `first visit: ${(load.gzip / 1024).toFixed(1)} KB gzip\n${files.join('\n')}`).toBeLessThanOrEqual(LANDING_FIRST_VISIT_LIMIT_BYTES);
  });
}
