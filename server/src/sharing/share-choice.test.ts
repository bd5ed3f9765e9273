import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { createProject, permanentEngineError, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { teamOfThree } from '../../test/support/workspace-fixtures.js';

/**
 * Decision 052 (issue #35): the member chooses the photos of a share link and a zip (default: the
 * staged ones); a photo whose staging failed never reaches a buyer; the served HTML of `/s/:token`
 * carries the public title and preview tags without any script, escaped, branded without Raumwerk.
 */
let t: TestApp;
let webRoot: string;
const engine = new ScriptedEngine([], 'ok');
beforeAll(async () => {
  // The web app's real shell (its source index.html: the same head the build writes).
  webRoot = mkdtempSync(path.join(tmpdir(), 'raumwerk-share-head-'));
  copyFileSync(path.join(import.meta.dirname, '../../../web/index.html'), path.join(webRoot, 'index.html'));
  t = await createTestApp({ jobs: true, services: { engine }, webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const SLOW = { timeout: 120_000 };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload ? { payload } : {}) });

/** Three photos on Pro; the second one's staging fails (refunded), so the project is partial. */
async function partialProject(cookie?: string) {
  const owner = cookie ? null : await signUp(t.app);
  if (owner) await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 50 }).where(eq(users.id, owner.user.id));
  const who = cookie ?? owner!.cookie;
  const projectId = await createProject(t.app, who, 'Intern: Müller, Schlüssel beim Nachbarn');
  const statuses: number[] = [];
  for (const i of [0, 1, 2]) {
    if (i === 1) engine.push(permanentEngineError());
    statuses.push((await processImage(t.app, who, { imageURL: await upload(t.app, who, await photo(800, 600)), projectId })).statusCode);
  }
  expect(statuses[0]).toBe(200);
  expect(statuses[1]).not.toBe(200);
  expect(statuses[2]).toBe(200);
  const rows = await t.database.db.select().from(projectImages).where(eq(projectImages.projectId, projectId));
  const originals = rows.filter((r) => r.isOriginal).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const stagedOf = (originalId: string) => rows.find((r) => r.originalImageId === originalId)!;
  expect(originals).toHaveLength(3);
  return { cookie: who, projectId, originals, stagedOf };
}

const tokenOf = (url: string) => url.split('/s/')[1]!;

function zipNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The served page's head as a browser without scripts parses it. */
function headOf(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (key: string) => document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  return { document, meta, title: document.title, icons: [...document.querySelectorAll('link[rel~="icon"]')].map((l) => l.getAttribute('href')) };
}

describe('choosing the photos of a share link and a zip', SLOW, () => {
  it('by default the page, its images and the zip hold only the staged photos, numbered 1…n; the failed photo is not reachable', async () => {
    const { cookie, projectId, originals, stagedOf } = await partialProject();
    const created = await call('POST', `/api/projects/${projectId}/share`, cookie, { publicTitle: 'Altbau mit Balkon' });
    expect(created.json()).toMatchObject({ publicTitle: 'Altbau mit Balkon', imageIds: null });
    const token = tokenOf(created.json().url);
    const page = (await call('GET', `/api/share/${token}`)).json();
    const base = `/api/share/${token}/images`;
    expect(page.pairs).toEqual([
      { position: 1, original: expect.objectContaining({ url: `${base}/${originals[0]!.id}` }), staged: expect.objectContaining({ url: `${base}/${stagedOf(originals[0]!.id).id}` }), credentials: expect.objectContaining({ service: 'staging' }) },
      { position: 2, original: expect.objectContaining({ url: `${base}/${originals[2]!.id}` }), staged: expect.objectContaining({ url: `${base}/${stagedOf(originals[2]!.id).id}` }), credentials: expect.objectContaining({ service: 'staging' }) },
    ]);
    // The failed photo's original is not public, though it belongs to the shared project.
    expect((await call('GET', `${base}/${originals[1]!.id}`)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${originals[2]!.id}`)).statusCode).toBe(200);

    const zip = await call('GET', `/api/projects/${projectId}/download.zip?originals=1`, cookie);
    expect(zip.statusCode).toBe(200);
    // With originals: still only the staged photos' (the failed photo's original is no listing photo).
    expect(await zipNames(zip.rawPayload)).toEqual([
      '01-intern-mueller-schluessel-beim-nachbarn-staged.jpg',
      '01-intern-mueller-schluessel-beim-nachbarn-original.jpg',
      '02-intern-mueller-schluessel-beim-nachbarn-staged.jpg',
      '02-intern-mueller-schluessel-beim-nachbarn-original.jpg',
      'README.txt',
    ]);
  });

  it('a chosen photo set limits the page and the zip; sharing again without a choice keeps it; null returns to every staged photo', async () => {
    const { cookie, projectId, originals } = await partialProject();
    const third = originals[2]!.id;
    const chosen = await call('POST', `/api/projects/${projectId}/share`, cookie, { publicTitle: 'Nur das Wohnzimmer', imageIds: [third, third] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().imageIds).toEqual([third]);
    const token = tokenOf(chosen.json().url);
    const shown = async () => (await call('GET', `/api/share/${token}`)).json().pairs.map((p: { original: { url: string } }) => p.original.url.split('/').pop());
    expect(await shown()).toEqual([third]);
    expect((await call('GET', `/api/share/${token}/images/${originals[0]!.id}`)).statusCode).toBe(404);

    // A new title alone keeps the choice; the member's view of the link says what it holds.
    await call('POST', `/api/projects/${projectId}/share`, cookie, { publicTitle: 'Wohnzimmer' });
    expect((await call('GET', `/api/projects/${projectId}/share`, cookie)).json()).toMatchObject({ publicTitle: 'Wohnzimmer', imageIds: [third] });
    expect(await shown()).toEqual([third]);
    await call('POST', `/api/projects/${projectId}/share`, cookie, { imageIds: null });
    expect(await shown()).toEqual([originals[0]!.id, third]);

    const zip = await call('GET', `/api/projects/${projectId}/download.zip?images=${third}`, cookie);
    expect((await zipNames(zip.rawPayload)).filter((n) => n.endsWith('.jpg'))).toEqual(['01-intern-mueller-schluessel-beim-nachbarn-staged.jpg']);
  });

  it('a failed photo, another project’s photo or a staged image id cannot be chosen (400, the link unchanged)', async () => {
    const { cookie, projectId, originals, stagedOf } = await partialProject();
    const other = await partialProject();
    await call('POST', `/api/projects/${projectId}/share`, cookie, { publicTitle: 'Titel' });
    for (const imageIds of [[originals[1]!.id], [other.originals[0]!.id], [stagedOf(originals[0]!.id).id], [], ['not-a-uuid']]) {
      const res = await call('POST', `/api/projects/${projectId}/share`, cookie, { imageIds });
      expect([res.statusCode, res.json().code], JSON.stringify(imageIds)).toEqual([400, 'validation_failed']);
      const zip = await call('GET', `/api/projects/${projectId}/download.zip?images=${imageIds.join(',')}`, cookie);
      expect([zip.statusCode, zip.json().code], JSON.stringify(imageIds)).toEqual([400, 'validation_failed']);
    }
    expect((await call('GET', `/api/projects/${projectId}/share`, cookie)).json().imageIds).toBeNull();
  });
});

describe('the served HTML of a share link (no script runs)', SLOW, () => {
  it('carries the public title, a description and og:/twitter: tags whose image loads without a session', async () => {
    const { cookie, projectId, originals, stagedOf } = await partialProject();
    const url = (await call('POST', `/api/projects/${projectId}/share`, cookie, { publicTitle: 'Helle Altbauwohnung' })).json().url as string;
    const res = await call('GET', new URL(url).pathname, undefined, undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const { meta, title, icons, document } = headOf(res.body);
    expect(document.documentElement.lang).toBe('de');
    expect(title).toBe('Helle Altbauwohnung · Raumwerk');
    expect(meta('og:title')).toBe('Helle Altbauwohnung');
    expect(meta('description')).toBe('2 Fotos, jeweils wie aufgenommen und virtuell eingerichtet.');
    expect(meta('og:description')).toBe(meta('description'));
    expect(meta('og:url')).toBe(url);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('robots')).toContain('noindex');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    // The first shown photo's staged image (not the failed photo, not an original), absolute, public.
    const image = meta('og:image')!;
    expect(image).toBe(`${t.config.publicUrl}/api/share/${tokenOf(url)}/images/${stagedOf(originals[0]!.id).id}`);
    expect(meta('twitter:image')).toBe(image);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['800', '600']);
    const fetched = await call('GET', new URL(image).pathname);
    expect([fetched.statusCode, fetched.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // Unbranded: Raumwerk's icon and name.
    expect(icons).toEqual(['/favicon.svg']);
    expect(meta('og:site_name')).toBe('Raumwerk');

    const english = headOf((await call('GET', new URL(url).pathname, undefined, undefined, { 'accept-language': 'en-US' })).body);
    expect(english.meta('description')).toBe('2 photos, each as photographed and virtually staged.');
    // Any other page keeps the app's generic head; an unknown token too.
    expect(headOf((await call('GET', '/s/' + 'A'.repeat(43))).body).meta('og:title')).toBeNull();
    expect(headOf((await call('GET', '/pricing')).body).title).toBe('Raumwerk – Virtual Home Staging');
  });

  it('escapes a hostile public title and agency name: no element, attribute or script is added', async () => {
    const hostile = '</title><script>alert(1)</script>"><img src=x onerror=alert(2)> & Co';
    const { owner, workspaceId } = await teamOfThree(t.app, t.database.db, 'business', 100);
    const branding = { displayName: `Muster "Immo" <b>${hostile}`.slice(0, 80), phone: '+49 30 1234567', email: 'anna@muster.de' };
    expect((await call('PUT', `/api/workspaces/${workspaceId}/branding`, owner.cookie, branding)).statusCode).toBe(200);
    const { projectId } = await partialProject(owner.cookie);
    const url = (await call('POST', `/api/projects/${projectId}/share`, owner.cookie, { publicTitle: hostile })).json().url as string;
    const html = (await call('GET', new URL(url).pathname)).body;
    const plain = (await call('GET', '/pricing')).body;
    const { meta, title, document, icons } = headOf(html);
    const count = (markup: string, selector: string) => new JSDOM(markup).window.document.querySelectorAll(selector).length;
    for (const selector of ['script', 'img', 'b', '[onerror]']) expect(count(html, selector), selector).toBe(count(plain, selector));
    expect(html).not.toContain('<script>alert');
    expect(meta('og:title')).toBe(hostile);
    expect(title).toBe(`${hostile} · ${branding.displayName}`);
    // Business (decision 045): the agency's name and contact, no Raumwerk mark or icon; no logo set: no icon at all.
    expect(meta('og:site_name')).toBe(branding.displayName);
    expect(meta('description')).toBe('2 photos, each as photographed and virtually staged. Contact: +49 30 1234567 · anna@muster.de');
    expect(icons).toEqual(['data:,']);
    expect(document.head.innerHTML).not.toMatch(/Raumwerk/);
  });
});
