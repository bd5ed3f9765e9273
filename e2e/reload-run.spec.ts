import { corpusImage } from '../server/test/support/corpus.js';
import { expect, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { openaiTest } from './fixtures/openai-test.js';

/**
 * Issue #23: a run survives a reload. With the openai engine's fake answering slowly (the hook
 * runs.spec.ts uses), the page is reloaded while the photo is being staged: the new-project screen
 * finds the run on the server, shows it going, then its result with a link to the project; the
 * dashboard shows it too, and My Projects showed the project as processing meanwhile.
 */
const test = openaiTest;

const TEXT = {
  en: {
    running: 'Staging in progress: 0 of 1 finished',
    finished: 'Finished: 1 image staged',
    open: 'Open project',
    processing: 'Processing',
    completed: 'Completed',
  },
  de: {
    running: 'Wird eingerichtet: 0 von 1 fertig',
    finished: 'Fertig: 1 Bild eingerichtet',
    open: 'Projekt öffnen',
    processing: 'In Bearbeitung',
    completed: 'Abgeschlossen',
  },
} as const;

async function startSlowRun(page: Page, title: string) {
  await page.goto('/new-project');
  await page.getByTestId('project-name').fill(title);
  await page
    .getByTestId('file-input')
    .setInputFiles([
      { name: 'wohnzimmer.jpg', mimeType: 'image/jpeg', buffer: corpusImage('furnish-before.jpg') },
    ]);
  await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(1);
  await page.getByTestId('start-staging').click();
  // The server is staging the photo (its real pipeline step is on the overlay).
  await expect(page.getByTestId('progress-overlay')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/staging-runs?active=1')).json()) as {
            projects: { running: number }[];
          }
        ).projects[0]?.running,
      { timeout: 30_000 },
    )
    .toBe(1);
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang.toUpperCase()}: after a reload mid-run the new-project screen shows the run going, then its result`, async ({
    page,
    context,
    openaiApp,
  }) => {
    test.setTimeout(150_000);
    const T = TEXT[lang];
    openaiApp.fake.answers = [];
    openaiApp.fake.mode = 'slow';
    openaiApp.fake.slowMs = 12_000;
    try {
      await withPreferences(page, { language: lang, theme: 'light', consent: true });
      await signUp(page, { dataDir: openaiApp.dataDir });
      const title = `Reload ${lang}`;
      await startSlowRun(page, title);

      await page.reload();
      const run = page.getByTestId('active-run');
      await expect(run).toHaveCount(1);
      await expect(run).toHaveAttribute('data-state', 'running');
      await expect(run.getByTestId('active-run-status')).toContainText(T.running);
      await expect(page.getByTestId('progress-overlay')).toHaveCount(0);

      // My Projects, in another tab meanwhile: the project is processing.
      const other = await context.newPage();
      await other.goto('/my-projects');
      await expect(other.getByTestId('status-badge')).toHaveText(T.processing);

      await expect(run).toHaveAttribute('data-state', 'completed', { timeout: 90_000 });
      await expect(run.getByTestId('active-run-status')).toHaveText(T.finished);
      await expect(other.getByTestId('status-badge')).toHaveText(T.completed, { timeout: 30_000 });
      await other.close();

      // The dashboard finds it as well; its link opens the finished project.
      await page.goto('/dashboard');
      await expect(page.getByTestId('active-run')).toHaveAttribute('data-state', 'completed');
      await expect(page.getByTestId('active-run-link')).toHaveText(T.open);
      await page.getByTestId('active-run-link').click();
      await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('project-status')).toContainText(T.completed);
      await expect(page.getByTestId('image-pair')).toHaveCount(1);
    } finally {
      openaiApp.fake.mode = 'success';
    }
  });
}
