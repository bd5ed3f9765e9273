import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { confirmEmail, signUp, uniqueEmail, withPreferences } from './fixtures/accounts.js';
import { waitForMailLink } from './fixtures/mail.js';
import { roomPhotos } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';
import { subscribeBusiness } from './fixtures/business.js';

/** Issue #24 (decision 041): a Business owner invites a colleague by mail; the colleague stages into the shared pool. */
/** With SHOTS_DIR: a 375 px phone view (light and dark) with `target` scrolled into its scrolling dialog. */
async function shootScrolledTo(page: Page, target: Locator, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.setViewportSize({ width: 375, height: 812 });
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
    await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    // The theme's colour transitions finish before the shot (else dark mode is caught half-way).
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: path.join(dir, `${name}-${dark ? 'dark' : 'light'}-375.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function colleague(browser: Browser, language: 'de' | 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withPreferences(page, { language, consent: true });
  return { context, page };
}

for (const language of ['en', 'de'] as const) {
  test(`${language.toUpperCase()}: the owner invites a colleague, who joins from the mail, stages into the shared pool; removed, the colleague gets 404`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const t = language === 'en'
      ? { team: 'Team', send: 'Invitation sent', join: 'Join the workspace', seats: '2 of 5 seats taken', joined: 'You have joined' }
      : { team: 'Team', send: 'Einladung an', join: 'Workspace beitreten', seats: '2 von 5 Plätzen belegt', joined: 'Sie sind' };
    await withPreferences(page, { language, consent: true });
    await signUp(page, { firstName: 'Olga' });
    await subscribeBusiness(page);

    const invitee = uniqueEmail('colleague');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-team').click();
    const section = page.getByTestId('team-section');
    await expect(section).toContainText(language === 'en' ? '1 of 5 seats taken' : '1 von 5 Plätzen belegt');
    await page.getByTestId('team-invite-email').fill(invitee);
    const sentAfter = Date.now();
    await page.getByTestId('team-invite-submit').click();
    await expect(page.getByText(t.send).first()).toBeVisible();
    await expect(section.getByTestId('team-invitation')).toContainText(invitee);

    const other = await colleague(browser, language);
    // Signed up through the API (the form is covered in auth.spec.ts), confirmed through the mailed link.
    const registeredAfter = Date.now();
    const registered = await other.page.request.post('/api/auth/register', { data: { email: invitee, password: 'e2e-password-123', firstName: 'Kai', language } });
    expect(registered.status()).toBe(201);
    await confirmEmail(other.page, invitee, registeredAfter);
    const { path: link } = await waitForMailLink(invitee, '/invitation', sentAfter);
    await other.page.goto(link);
    await other.page.getByTestId('invitation-accept').click();
    await expect(other.page.getByTestId('invitation-panel')).toContainText(t.joined);
    await shoot(other.page, `team-invitation-joined-${language}`);

    // The colleague works in the team's workspace: the switcher shows it, staging draws on the pool.
    await other.page.goto('/new-project');
    await expect(other.page.getByTestId('workspace-switcher')).toContainText('Olga', { timeout: 60_000 });
    await other.page.getByTestId('project-name').fill('Team Lindenweg');
    await other.page.getByTestId('file-input').setInputFiles(await roomPhotos(1));
    await other.page.getByTestId('start-staging').click();
    await other.page.getByTestId('view-project').click({ timeout: 120_000 });
    const projectUrl = other.page.url();
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({ subscriptionPlan: 'business', creditsUsed: 1, creditsLimit: 1000 });

    // The owner sees the colleague's project and the member list.
    await page.keyboard.press('Escape');
    await page.goto('/my-projects');
    await expect(page.getByText('Team Lindenweg').first()).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-team').click();
    await expect(section).toContainText(t.seats, { timeout: 60_000 });
    await expect(section.getByTestId('team-member')).toHaveCount(2);
    await shoot(page, `team-settings-${language}`);
    // On a phone the member rows are below the invitation form, inside the dialog's own scroll.
    await shootScrolledTo(page, section.getByTestId('team-members'), `team-settings-members-${language}`);

    // Kai becomes an admin and mints an API key of the team (decision 050: it must not leave with Kai).
    const members = (await page.evaluate(() => fetch('/api/workspace/team').then((r) => r.json()))) as { members: Array<{ userId: string; role: string }> };
    const kai = members.members.find((m) => m.role === 'member')!;
    expect(await page.evaluate((id) => fetch(`/api/workspace/members/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: 'admin' }) }).then((r) => r.status), kai.userId)).toBe(204);
    const created = await other.page.evaluate(() =>
      fetch('/api/settings/api/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Makler-CRM', scopes: ['read'] }) }).then((r) => r.json()),
    );
    const kaisKey = (created as { key: string }).key;
    expect(await other.page.evaluate((key) => fetch('/api/v1/account', { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status), kaisKey)).toBe(200);
    await page.getByTestId('settings-tab-api').click();
    await page.getByTestId('settings-tab-team').click();

    // The app's own dialog asks first (decision 046; no window.confirm) and names Kai's key, revoked unless kept.
    await section.getByTestId('team-remove').click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText(language === 'en' ? 'Remove Kai from the workspace?' : 'Kai aus dem Workspace entfernen?');
    await expect(ask.getByTestId('team-remove-keys')).toContainText(language === 'en' ? 'Kai created an API key of this workspace' : 'Kai hat einen API-Schlüssel dieses Workspaces erstellt');
    await ask.getByTestId('team-keep-key').check();
    await expect(ask.getByTestId('team-kept-warning')).toBeVisible();
    await shoot(page, `team-remove-dialog-keys-${language}`);
    await ask.getByTestId('team-keep-key').uncheck();
    await ask.getByTestId('team-confirm').click();
    await expect(ask).toBeHidden();
    await expect(section.getByTestId('team-member')).toHaveCount(1);
    const removed = await other.page.request.get(`/api/projects/${projectUrl.split('/').pop()}`);
    expect(removed.status()).toBe(404);
    expect(await other.page.evaluate((key) => fetch('/api/v1/account', { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status), kaisKey)).toBe(401);
    // Settings → API: the key, by Kai (no longer a member), revoked with the removal.
    await page.getByTestId('settings-tab-api').click();
    await expect(page.getByTestId('api-key-facts')).toContainText(language === 'en' ? 'no longer a member' : 'kein Mitglied mehr');
    await shoot(page, `api-keys-creator-${language}`);
    await other.context.close();
  });
}
