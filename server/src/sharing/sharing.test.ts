import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { LISTING_DISCLOSURE } from '../../../contract/sharing.js';
import { DIGITAL_SOURCE_TYPE } from '../images/provenance.js';
import {
  createProject,
  photo,
  processImage,
  ScriptedEngine,
  upload,
} from '../../test/support/staging-fixtures.js';
import { decodeQrCode, labelLanguage } from '../../test/support/label-reading.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { zipEntries } from '../../test/support/zip-entries.js';

/**
 * Decision 026: share links (public, unguessable, revocable, noindex, serving only that project's
 * images), the whole-listing zip, and the disclosure XMP in every delivered staged file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine: new ScriptedEngine([], 'ok') } });
});
afterAll(async () => {
  await t?.close();
});

async function stagedProject(
  plan: 'free' | 'pro' = 'pro',
  images = 2,
  title = 'Altbau Süd, 3 Zimmer',
) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db
    .update(users)
    .set({ subscriptionPlan: plan, creditsLimit: 50 })
    .where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie, title);
  for (let i = 0; i < images; i++) {
    const res = await processImage(t.app, cookie, {
      imageURL: await upload(t.app, cookie, await photo(800, 600)),
      projectId,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const rows = await t.database.db
    .select()
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId));
  return { cookie, user, projectId, rows };
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });
const share = (
  method: 'POST' | 'GET' | 'DELETE',
  projectId: string,
  cookie: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/projects/${projectId}/share`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

async function xmpOf(bytes: Buffer): Promise<string> {
  return (await sharp(bytes).metadata()).xmpAsString ?? '';
}

describe('disclosure metadata', () => {
  it('every delivered staged file carries the IPTC digital source type and a "virtually staged" description: stored image, thumbnail, labelled download', async () => {
    const { cookie, rows } = await stagedProject('pro', 1);
    const staged = rows.find((r) => !r.isOriginal)!;
    const original = rows.find((r) => r.isOriginal)!;
    for (const path of [staged.filePath, staged.thumbnailPath!]) {
      const res = await get(`/objects${path}`, cookie);
      expect(res.statusCode).toBe(200);
      const xmp = await xmpOf(res.rawPayload);
      expect(xmp).toContain(
        `<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPE}</Iptc4xmpExt:DigitalSourceType>`,
      );
      expect(xmp).toMatch(/<dc:description>.*Virtually staged/s);
    }
    const labelled = await get(
      `/api/objects/download?path=${encodeURIComponent(staged.filePath)}&label=de`,
      cookie,
    );
    expect(labelled.statusCode).toBe(200);
    expect(await xmpOf(labelled.rawPayload)).toContain(DIGITAL_SOURCE_TYPE);
    // The original is the photographer's photo: no such claim.
    expect(
      await xmpOf((await get(`/objects${original.filePath}`, cookie)).rawPayload),
    ).not.toContain(DIGITAL_SOURCE_TYPE);
  });
});

describe('share links', () => {
  it('a signed-out visitor sees the listing through the token only; revoking makes link and images 404', async () => {
    const { cookie, projectId, rows } = await stagedProject('pro', 2);
    expect((await share('GET', projectId, cookie)).json()).toEqual({
      url: null,
      publicTitle: null,
      imageIds: null,
      disclosure: LISTING_DISCLOSURE.preview,
      market: 'other',
    });
    const created = await share('POST', projectId, cookie, {
      publicTitle: '  Helle Altbauwohnung am Park ',
    });
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/s/[A-Za-z0-9_-]{43}$`));
    expect(created.json().publicTitle).toBe('Helle Altbauwohnung am Park');
    expect((await share('POST', projectId, cookie)).json()).toEqual({
      url,
      publicTitle: 'Helle Altbauwohnung am Park',
      imageIds: null,
    }); // one link per project
    expect((await share('GET', projectId, cookie)).json().url).toBe(url);
    const token = url.split('/s/')[1];

    const listing = await get(`/api/share/${token}`);
    expect(listing.statusCode).toBe(200);
    expect(listing.headers['x-robots-tag']).toContain('noindex');
    const body = listing.json();
    // The public title set when sharing, never the internal project name; no branding on Pro.
    expect(body.title).toBe('Helle Altbauwohnung am Park');
    expect(body.branding).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Altbau Süd');
    expect(body.pairs).toHaveLength(2);
    expect(body.pairs.map((p: { position: number }) => p.position)).toEqual([1, 2]);
    // No storage paths leak: images only through the token's own route.
    expect(JSON.stringify(body)).not.toContain('/users/');
    const stagedImage = await get(body.pairs[0].staged.url);
    expect(stagedImage.statusCode).toBe(200);
    expect(stagedImage.headers['content-type']).toBe('image/jpeg');
    expect(stagedImage.headers['x-robots-tag']).toContain('noindex');
    expect(await xmpOf(stagedImage.rawPayload)).toContain(DIGITAL_SOURCE_TYPE);
    expect((await get(body.pairs[0].original.url)).statusCode).toBe(200);
    // The page itself (the web app's index.html) is noindex too.
    expect((await get(`/s/${token}`)).headers['x-robots-tag']).toContain('noindex');

    // Another project's image through this token, the original storage path signed out: 404.
    const other = await stagedProject('pro', 1);
    const foreign = other.rows.find((r) => !r.isOriginal)!;
    expect((await get(`/api/share/${token}/images/${foreign.id}`)).statusCode).toBe(404);
    expect((await get(`/objects${rows[0]!.filePath}`)).statusCode).toBe(404);

    expect((await share('DELETE', projectId, cookie)).statusCode).toBe(204);
    expect((await get(`/api/share/${token}`)).statusCode).toBe(404);
    expect((await get(body.pairs[0].staged.url)).statusCode).toBe(404);
    const again = (await share('POST', projectId, cookie)).json();
    expect(again.url).not.toBe(url);
    // A link made without a title (an older client) shows none: the page falls back to a neutral heading.
    expect((await get(`/api/share/${again.url.split('/s/')[1]}`)).json().title).toBeNull();
    const blank = await share('POST', projectId, cookie, { publicTitle: '   ' });
    expect([blank.statusCode, blank.json().code]).toEqual([400, 'validation_failed']);
  });

  it("another user's project is 404 for every share and zip route; made-up tokens are 404", async () => {
    const { projectId } = await stagedProject('pro', 1);
    const stranger = await signUp(t.app);
    for (const method of ['POST', 'GET', 'DELETE'] as const)
      expect((await share(method, projectId, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/projects/${projectId}/download.zip`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/projects/${projectId}/download.zip`)).statusCode).toBe(401);
    expect((await get(`/api/share/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get('/api/share/short')).statusCode).toBe(404);
  });
});

describe('GET /api/projects/:id/download.zip', () => {
  it('streams every staged image with readable ASCII names; originals=1 adds the originals', async () => {
    const { cookie, projectId } = await stagedProject('pro', 2);
    const res = await get(`/api/projects/${projectId}/download.zip`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="altbau-sued-3-zimmer-raumwerk.zip"',
    );
    const all = await zipEntries(res.rawPayload);
    expect(all.map((e) => e.name)).toEqual([
      '01-altbau-sued-3-zimmer-staged.jpg',
      '02-altbau-sued-3-zimmer-staged.jpg',
      'README.txt',
    ]);
    // The readme (issue #24): the files, the disclosure sentence for the listing text, and Raumwerk's line (no branding here).
    const readme = all[2]!.data.toString('utf8');
    expect(readme).toContain('01-altbau-sued-3-zimmer-staged.jpg  Photo 1, virtually staged\r\n');
    expect(readme).toContain(LISTING_DISCLOSURE.preview.en);
    expect(readme).toContain(`Made with Raumwerk: ${t.config.publicUrl}`);
    const entries = all.slice(0, 2);
    for (const e of entries) {
      expect(e.method).toBe(0);
      expect(await xmpOf(e.data)).toContain(DIGITAL_SOURCE_TYPE);
    }
    const withOriginals = await zipEntries(
      (await get(`/api/projects/${projectId}/download.zip?originals=1`, cookie)).rawPayload,
    );
    expect(withOriginals.map((e) => e.name)).toEqual([
      '01-altbau-sued-3-zimmer-staged.jpg',
      '01-altbau-sued-3-zimmer-original.jpg',
      '02-altbau-sued-3-zimmer-staged.jpg',
      '02-altbau-sued-3-zimmer-original.jpg',
      'README.txt',
    ]);
  });

  it('label=1 labels each staged image (with the share link as QR code when share=1); free users get 403 for labels', async () => {
    const { cookie, projectId } = await stagedProject('pro', 1);
    const plain = (
      await zipEntries((await get(`/api/projects/${projectId}/download.zip`, cookie)).rawPayload)
    )[0]!;
    const { url } = (await share('POST', projectId, cookie)).json() as { url: string };
    const labelled = await zipEntries(
      (await get(`/api/projects/${projectId}/download.zip?label=1&share=1`, cookie)).rawPayload,
    );
    expect(labelled.map((e) => e.name)).toEqual([
      '01-altbau-sued-3-zimmer-staged-labelled.jpg',
      'README.txt',
    ]);
    expect(labelled[1]!.data.toString('utf8')).toContain(`Before/after page: ${url}`);
    const a = await sharp(plain.data).metadata();
    const b = await sharp(labelled[0]!.data).metadata();
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    // The QR code in the bottom-right corner leads to this project's share page; the label is English.
    expect(await decodeQrCode(labelled[0]!.data)).toBe(url);
    expect(await labelLanguage(plain.data, labelled[0]!.data)).toBe('en');
    expect(await xmpOf(labelled[0]!.data)).toContain(DIGITAL_SOURCE_TYPE);

    // label=de: the German label; without share=1 no QR code.
    const germanZip = await zipEntries(
      (await get(`/api/projects/${projectId}/download.zip?label=de`, cookie)).rawPayload,
    );
    expect(germanZip[1]!.name).toBe('LIESMICH.txt');
    expect(germanZip[1]!.data.toString('utf8')).toContain(LISTING_DISCLOSURE.preview.de);
    const german = germanZip[0]!;
    expect(await labelLanguage(plain.data, german.data)).toBe('de');
    expect(await decodeQrCode(german.data)).toBeNull();

    const free = await stagedProject('free', 1);
    const refused = await get(`/api/projects/${free.projectId}/download.zip?label=1`, free.cookie);
    expect(refused.statusCode).toBe(403);
    expect(
      (await get(`/api/projects/${free.projectId}/download.zip`, free.cookie)).statusCode,
    ).toBe(200);
  });

  it('answers 409 for a project with nothing staged yet', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const res = await get(`/api/projects/${projectId}/download.zip`, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
  });
});
