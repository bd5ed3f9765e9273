import { expect, test, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Issue #26 "What a paying agent sees": billing not configured, no credits left, legal links and
 * the terms sentence, the photo picker's limits, and the detail modal's zoom. Offline engine.
 */

/** The app as an installation without billing sees it: /api/config says so (the journeys' app has a Stripe fake). */
async function withoutBilling(page: Page) {
  await page.route('**/api/config', async (route) => {
    const reply = await route.fetch();
    await route.fulfill({ response: reply, json: { ...(await reply.json()), billingEnabled: false, stripePublishableKey: null } });
  });
}

/** Every user answer says all credits of the month are used (the server's own check is tested in server/src). */
async function withNoCreditsLeft(page: Page) {
  await page.route('**/api/auth/user*', async (route) => {
    const reply = await route.fetch();
    const user = await reply.json();
    await route.fulfill({ response: reply, json: user ? { ...user, creditsUsed: user.creditsLimit } : user });
  });
}

async function stageOnePhoto(page: Page, name: string) {
  await page.goto('/new-project');
  await page.getByTestId('project-name').fill(name);
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(1));
  await page.getByTestId('start-staging').click();
  await page.getByTestId('view-project').click({ timeout: 120_000 });
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
}

test('billing not configured: plans are shown as not purchasable yet with Contact sales; at 0 credits "no credits left" with the renewal date, and Re-stage sends nothing', async ({ page }) => {
  test.setTimeout(180_000);
  await withPreferences(page, { language: 'en', consent: true });
  await withoutBilling(page);
  await signUp(page);

  await page.goto('/subscribe');
  const notice = page.getByTestId('billing-unconfigured');
  await expect(notice).toContainText('Online payment is not available yet');
  await expect(page.getByTestId('choose-pro')).toBeDisabled();
  await expect(page.getByTestId('choose-pro')).toHaveText('Not available yet');
  await expect(page.getByTestId('billing-plan-pro').getByTestId('contact-sales')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/configuration|STRIPE/i);
  await shoot(page, 'billing-off-subscribe-en');
  await notice.getByTestId('contact-sales').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await stageOnePhoto(page, 'Lindenweg 4');
  const projectUrl = page.url();

  await withNoCreditsLeft(page);
  await page.goto('/');
  const card = page.getByTestId('subscription-card');
  await expect(card).toContainText('No credits left');
  await expect(card).not.toContainText('running low');
  await expect(card.getByTestId('credits-reset')).toContainText(/New credits on \w{3} \d{2}, \d{4}/);
  await expect(page.getByTestId('credits-display')).toHaveAttribute('aria-label', /^No credits left · new credits on /);
  await shoot(page, 'no-credits-home-en');

  const staged: string[] = [];
  page.on('request', (request) => request.url().includes('/api/process-image') && staged.push(request.url()));
  await page.goto(projectUrl);
  await page.getByRole('button', { name: 'Re-stage' }).first().click();
  const problem = page.getByTestId('restage-problem');
  await expect(problem).toContainText('No credits left');
  await expect(problem).toContainText(/New credits arrive on/);
  // Billing is off: the way on is a message to sales, not an Upgrade that cannot be bought.
  await expect(problem.getByTestId('contact-sales')).toBeVisible();
  await expect(problem.getByTestId('upgrade-button')).toHaveCount(0);
  expect(staged).toEqual([]);
  await shoot(page, 'no-credits-restage-en');
});

test('legal links on the account pages (the share page: phone-layout.spec.ts); sign-up refers to the terms and the privacy policy', async ({ page }) => {
  await withPreferences(page, { language: 'de', consent: true });
  for (const path of ['/login', '/login?mode=signup', '/forgot-password', '/verify-email']) {
    await page.goto(path);
    const links = page.getByTestId('legal-links');
    await expect(links.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    await expect(links.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
  }
  await page.goto('/login?mode=signup');
  const terms = page.getByTestId('signup-terms');
  await expect(terms).toHaveText('Mit der Registrierung akzeptieren Sie unsere AGB und bestätigen, die Datenschutzerklärung gelesen zu haben.');
  await expect(terms.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/terms');
  await terms.getByRole('link', { name: 'Datenschutzerklärung' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('Datenschutzerklärung · Raumwerk');
});

test('the picker keeps the first six photos of a seventh and says why; each photo is its own room; the hint names the missing name', async ({ page }) => {
  await withPreferences(page, { language: 'en', consent: true });
  await signUp(page);
  await page.goto('/new-project');
  await expect(page).toHaveTitle('New project · Raumwerk');
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(7));
  await expect(page.getByTestId('selected-count')).toContainText('6 of 6');
  await expect(page.getByTestId('picker-notice')).toContainText('1 photo was left out: a project holds up to 6 photos.');
  await expect(page.getByTestId('submit-hint')).toHaveText('Enter a project name to start.');
  const types = page.getByTestId('room-type');
  await types.nth(0).selectOption('bedroom');
  await types.nth(1).selectOption('bedroom');
  await expect(page.getByTestId('room-group').nth(1)).toHaveValue('bedroom-2');
  await expect(page.getByTestId('same-room')).toHaveCount(0);
});

test('detail modal: zoom at the clicked point, dragging pans without resetting the zoom, ctrl + wheel zooms', async ({ page }) => {
  test.setTimeout(180_000);
  await withPreferences(page, { language: 'en', consent: true });
  await signUp(page);
  await stageOnePhoto(page, 'Zoom flat');
  await page.getByTestId('pair-view').first().click();
  const modal = page.getByTestId('image-modal');
  const viewport = modal.getByTestId('zoom-viewport');
  const image = modal.getByTestId('modal-image');
  await expect(image.locator('img')).toBeVisible();
  const box = (await viewport.boundingBox())!;

  // A click near the bottom right zooms there: the view scrolls towards that corner instead of staying top left.
  await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.85);
  await expect(modal.getByTestId('zoom-level')).toHaveText('200%');
  const scrolled = await viewport.evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
  expect(scrolled.left).toBeGreaterThan(box.width * 0.3);

  // Drag to pan: the zoom stays, the view moves.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect(modal.getByTestId('zoom-level')).toHaveText('200%');
  const panned = await viewport.evaluate((el) => el.scrollLeft);
  expect(panned).toBeLessThan(scrolled.left - 60);

  // Ctrl + wheel zooms (as photo viewers do; a trackpad pinch sends the same); the plain wheel does not.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -240);
  await page.keyboard.up('Control');
  await expect(modal.getByTestId('zoom-level')).not.toHaveText('200%');
  const zoomed = await modal.getByTestId('zoom-level').textContent();
  await page.mouse.wheel(0, 200);
  await expect(modal.getByTestId('zoom-level')).toHaveText(zoomed!);

  // The key hint sits beside the image, not over it (the watermark is in the image's corner).
  await expect(viewport.getByText(/Esc/)).toHaveCount(0);
});
