import { expect, test, type Page } from '@playwright/test';
import { completeSignUp, creditsLeft, withPreferences } from './fixtures/accounts.js';
import { holdRequests } from './fixtures/gate.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * The staging journey of spec §2/§4, once in German and once in English: landing → sign-up →
 * new project with 2 photos → progress overlay → 'Staging complete' → My Projects → project detail
 * → image modal → Re-stage (dialog: a new style; issue #23: a different image, the earlier one kept
 * and chosen again) → delete. The app runs with the offline engine; the only help the test
 * gives is holding `POST /api/process-image` for a moment so the overlay's steps and the
 * 'Re-staging started' toast can be seen before the next state replaces them.
 */
const TEXT = {
  de: {
    projectTitle: 'Lindenstraße 14 – Wohnzimmer',
    styleName: 'Skandinavisch',
    overlayTitle: 'Ihre Räume werden eingerichtet',
    stagingImage: (n: number, total: number) => `Möbel werden in Bild ${n} von ${total} platziert…`,
    finished: (done: number, total: number) => `${done} von ${total} fertig`,
    complete: 'Staging abgeschlossen',
    completed: 'Abgeschlossen',
    image: (n: number) => `Bild ${n}`,
    imageOf: (n: number, total: number) => `Bild ${n} von ${total}`,
    restageTitle: 'Neu einrichten',
    newStyle: 'Industrial',
    wish: 'Eine Leseecke am Fenster',
    restageStarted: 'Neu-Einrichtung gestartet',
    restageDone: 'Neu-Einrichtung abgeschlossen',
    deleteTitle: 'Projekt löschen',
    deleteText: 'Diese Aktion kann nicht rückgängig gemacht werden. Alle Bilder werden dauerhaft gelöscht.',
    cancel: 'Abbrechen',
    confirm: 'Löschen',
    deleted: 'Projekt gelöscht',
    deletedFiles: (_n: number) => 'Ihr Projekt und seine Bilder wurden gelöscht.',
    empty: 'Noch keine Projekte',
  },
  en: {
    projectTitle: 'Main Street 12 – Living room',
    styleName: 'Scandinavian',
    overlayTitle: 'Staging your rooms',
    stagingImage: (n: number, total: number) => `Placing furniture in image ${n} of ${total}…`,
    finished: (done: number, total: number) => `${done} of ${total} done`,
    complete: 'Staging complete',
    completed: 'Completed',
    image: (n: number) => `Image ${n}`,
    imageOf: (n: number, total: number) => `Image ${n} of ${total}`,
    restageTitle: 'Re-stage',
    newStyle: 'Industrial',
    wish: 'A reading corner by the window',
    restageStarted: 'Re-staging started',
    restageDone: 'Re-staging complete',
    deleteTitle: 'Delete project',
    deleteText: 'This cannot be undone. All images will be permanently deleted.',
    cancel: 'Cancel',
    confirm: 'Delete',
    deleted: 'Project deleted',
    deletedFiles: (_n: number) => 'Your project and its images have been deleted.',
    empty: 'No projects yet',
  },
} as const;

/** Every <img> inside `scope` has loaded (the staged files are really served). */
async function expectImagesLoaded(page: Page, selector: string, count: number) {
  const images = page.locator(selector);
  await expect(images).toHaveCount(count);
  await expect
    .poll(() => images.evaluateAll((list) => list.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length), {
      message: `${count} loaded images in ${selector}`,
      timeout: 20_000,
    })
    .toBe(count);
}

/** The toast whose title is `title` (at most one is shown at a time). */
const toast = (page: Page, title: string) => page.locator('li[data-state="open"]').filter({ has: page.getByText(title, { exact: true }) });

/** Today as the app formats it (dd.MM.yyyy in the browser's time zone). */
const todayInBrowser = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
  });

for (const lang of ['de', 'en'] as const) {
  const T = TEXT[lang];

  test(`${lang.toUpperCase()}: landing → sign-up → stage 2 photos → My Projects → detail → modal → re-stage → delete`, async ({ page }) => {
    test.setTimeout(240_000);
    await withPreferences(page, { language: lang, theme: 'light', consent: true });
    const photos = await roomPhotos(2);

    // Landing: the hero's call to action opens the sign-up form.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByTestId('hero-cta').click();
    await expect(page).toHaveURL(/\/login\?mode=signup$/);
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
    await completeSignUp(page, { firstName: 'Erika' });
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(creditsLeft(page)).toHaveText('6');

    // New project: name, two photos, a style.
    await page.getByTestId('home-new-project').click();
    await expect(page).toHaveURL(/\/new-project$/);
    await expect(page.getByTestId('start-staging')).toBeDisabled();
    await page.getByTestId('project-name').fill(T.projectTitle);
    await page.getByTestId('file-input').setInputFiles(photos);
    await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(2);
    await expect(page.getByTestId('low-res-warning')).toHaveCount(0);
    await page.getByTestId('style-scandinavian').click();
    await expect(page.getByTestId('style-scandinavian')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('start-staging')).toBeEnabled();

    // The full-screen overlay: percent, progress bar and the current step.
    const staging = await holdRequests(page, '**/api/process-image');
    await page.getByTestId('start-staging').click();
    const overlay = page.getByTestId('progress-overlay');
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('heading', { name: T.overlayTitle })).toBeVisible();
    await staging.waitFor(1);
    const bar = overlay.getByRole('progressbar');
    await expect(page.getByTestId('progress-message')).toHaveText(T.stagingImage(1, 2));
    await expect(page.getByTestId('progress-percent')).toHaveText('30%');
    await expect(bar).toHaveAttribute('aria-valuenow', '30');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await staging.releaseOne();
    await expect(page.getByTestId('progress-message')).toHaveText(T.stagingImage(2, 2));
    await expect(overlay.getByText(T.finished(1, 2))).toBeVisible();
    await expect(page.getByTestId('progress-percent')).toHaveText('63%');
    await expect(bar).toHaveAttribute('aria-valuenow', '63');
    await staging.waitFor(1);
    await staging.releaseAll();

    // 'Staging complete' with two original/staged pairs; two credits spent.
    await expect(page.getByRole('heading', { level: 1, name: T.complete })).toBeVisible({ timeout: 60_000 });
    await expect(overlay).toBeHidden();
    const results = page.getByTestId('result-grid').locator(':scope > li');
    await expect(results).toHaveCount(2);
    for (const item of await results.all()) await expect(item.locator('figure')).toHaveCount(2);
    await expectImagesLoaded(page, '[data-testid="result-grid"] img', 4);
    await expect(creditsLeft(page)).toHaveText('4');
    const projectUrl = await page.getByTestId('view-project').getAttribute('href');
    const projectId = projectUrl!.split('/').pop()!;

    // My Projects: one card, completed, dated today.
    await page.getByTestId('nav-my-projects').click();
    const card = page.getByTestId('project-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: T.projectTitle })).toBeVisible();
    await expect(card.getByTestId('status-badge')).toHaveText(T.completed);
    await expect(card.locator('time')).toHaveText(await todayInBrowser(page));
    await expect(card.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);

    // Project detail through the card's View dialog.
    await card.getByTestId('project-view').click();
    const viewDialog = page.getByTestId('project-view-dialog');
    await expect(viewDialog.getByRole('heading', { name: T.projectTitle })).toBeVisible();
    await viewDialog.locator(`a[href="/projects/${projectId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: T.projectTitle })).toBeVisible();
    await expect(page.getByTestId('project-status')).toContainText(T.completed);
    const pairs = page.getByTestId('image-pair');
    await expect(pairs).toHaveCount(2);
    await expect(pairs.first().getByRole('slider')).toHaveAttribute('aria-valuenow', '50');

    // Image detail modal: zoom with + and the button, bounds 50–300 %, next wraps, Escape closes.
    await pairs.first().getByTestId('pair-view').click();
    const modal = page.getByTestId('image-modal');
    const zoomLevel = modal.getByTestId('zoom-level');
    await expect(modal.getByRole('heading', { name: `${T.projectTitle} · ${T.image(1)}` })).toBeVisible();
    await expect(modal.getByText(T.imageOf(1, 2))).toBeVisible();
    await expect(modal.getByText(T.styleName, { exact: true })).toBeVisible();
    await expect(zoomLevel).toHaveText('100%');
    await page.keyboard.press('+');
    await expect(zoomLevel).toHaveText('125%');
    await modal.getByTestId('zoom-in').click();
    await expect(zoomLevel).toHaveText('150%');
    for (let i = 0; i < 6; i++) await modal.getByTestId('zoom-in').click();
    await expect(zoomLevel).toHaveText('300%');
    await expect(modal.getByTestId('zoom-in')).toBeDisabled();
    await modal.focus();
    await page.keyboard.press('+');
    await expect(zoomLevel).toHaveText('300%');
    for (let i = 0; i < 10; i++) await page.keyboard.press('-');
    await expect(zoomLevel).toHaveText('50%');
    await expect(modal.getByTestId('zoom-out')).toBeDisabled();
    await page.keyboard.press('-');
    await expect(zoomLevel).toHaveText('50%');
    await modal.getByTestId('modal-next').click();
    await expect(modal.getByText(T.imageOf(2, 2))).toBeVisible();
    await expect(zoomLevel).toHaveText('100%');
    await modal.getByTestId('modal-next').click();
    await expect(modal.getByText(T.imageOf(1, 2))).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(modal.getByText(T.imageOf(2, 2))).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(modal.getByText(T.imageOf(1, 2))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // Re-stage the first image (issue #23): a dialog with the project's style prefilled; a new style
    // and a wish; 'started', then success; one more credit spent; a different image, the earlier kept.
    const stagedPath = async () => {
      type Image = { id: string; isOriginal: boolean; filePath: string; originalImageId: string | null };
      const { images } = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as { images: Image[] };
      const first = images.find((i) => i.isOriginal)!;
      return images.find((i) => !i.isOriginal && i.originalImageId === first.id)?.filePath;
    };
    // A delivered result is a JPEG of its own under the project's folder.
    const resultPath = new RegExp(`^/users/[0-9a-f-]{36}/projects/${projectId}/[0-9a-f-]{36}\\.jpg$`);
    const before = await stagedPath();
    expect(before).toMatch(resultPath);
    const restage = await holdRequests(page, '**/api/process-image');
    await pairs.first().getByTestId('pair-restage').click();
    const restageDialog = page.getByRole('dialog', { name: T.restageTitle });
    await expect(restageDialog.getByTestId('restage-style')).toHaveText(T.styleName);
    await restageDialog.getByTestId('restage-style').click();
    await page.getByRole('option', { name: T.newStyle, exact: true }).click();
    await restageDialog.getByTestId('restage-instructions').fill(T.wish);
    await restageDialog.getByTestId('restage-submit').click();
    await expect(toast(page, T.restageStarted)).toBeVisible();
    await expect(pairs.first().getByTestId('pair-restage')).toBeDisabled();
    await restage.waitFor(1);
    await restage.releaseAll();
    await expect(toast(page, T.restageDone)).toBeVisible({ timeout: 60_000 });
    await expect(toast(page, T.restageStarted)).toHaveCount(0);
    await expect(pairs.first().getByTestId('pair-restage')).toBeEnabled();
    const after = await stagedPath();
    expect(after).toMatch(resultPath);
    expect(after).not.toBe(before);
    // The earlier result is a variation to go back to: the new one in use, the old one chosen again.
    const picker = page.getByTestId('variation-pickers').getByTestId('variation-picker');
    await expect(picker).toHaveCount(1);
    const variations = picker.getByTestId('variation');
    await expect(variations).toHaveCount(2);
    await expect(variations.nth(0)).toHaveAttribute('data-chosen', 'false');
    await expect(variations.nth(1)).toHaveAttribute('data-chosen', 'true');
    await variations.nth(0).getByTestId('use-variation').click();
    await expect(variations.nth(0)).toHaveAttribute('data-chosen', 'true');
    await expect.poll(stagedPath).toBe(before);
    // The dialog offers the new style and the wish next time.
    await pairs.first().getByTestId('pair-restage').click();
    await expect(restageDialog.getByTestId('restage-style')).toHaveText(T.newStyle);
    await expect(restageDialog.getByTestId('restage-instructions')).toHaveValue(T.wish);
    await page.keyboard.press('Escape');
    await expect(restageDialog).toBeHidden();
    await expect(creditsLeft(page)).toHaveText('3');

    // Delete from My Projects: Abbrechen keeps it, Löschen removes it with its files.
    await page.getByTestId('nav-my-projects').click();
    await expect(card).toHaveCount(1);
    await card.getByTestId('project-delete').click();
    const dialog = page.getByTestId('delete-dialog');
    await expect(dialog.getByRole('heading', { name: T.deleteTitle })).toBeVisible();
    await expect(dialog).toContainText(T.projectTitle);
    await expect(dialog).toContainText(T.deleteText);
    await dialog.getByRole('button', { name: T.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(1);

    await card.getByTestId('project-delete').click();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/projects/${projectId}`));
    await dialog.getByRole('button', { name: T.confirm, exact: true }).click();
    const reply = await deleted;
    expect(reply.status()).toBe(200);
    const { deletedFiles } = (await reply.json()) as { deletedFiles: number };
    expect(deletedFiles).toBeGreaterThanOrEqual(4);
    await expect(toast(page, T.deleted)).toContainText(T.deletedFiles(deletedFiles));
    await expect(page.getByTestId('projects-empty').getByRole('heading', { name: T.empty })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/projects/${projectId}`)).status()).toBe(404);
    // Deleting does not give credits back.
    await expect(creditsLeft(page)).toHaveText('3');
  });
}
