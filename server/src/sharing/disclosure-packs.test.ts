import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCLOSURE_PACKS } from '../../../contract/disclosure-packs.js';
import { projectImages, projects } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import {
  createProject,
  photo,
  processImage,
  ScriptedEngine,
  upload,
} from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { zipEntries } from '../../test/support/zip-entries.js';

/**
 * Issue 41 item 4: a project's publishing market (California/CRMLS, EU, other) decides the zip's
 * layout (California: each staged photo next to its original) and the rules its readme states.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine: new ScriptedEngine([], 'ok') } });
});
afterAll(async () => {
  await t?.close();
});

async function stagedProject(photos: number) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db
    .update(users)
    .set({ subscriptionPlan: 'pro', creditsLimit: 50 })
    .where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie, 'Ocean View 12');
  for (let i = 0; i < photos; i++) {
    const res = await processImage(t.app, cookie, {
      imageURL: await upload(t.app, cookie, await photo(800, 600)),
      projectId,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { cookie, projectId };
}

const setMarket = (projectId: string, cookie: string, market: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/projects/${projectId}/publish-market`,
    headers: { cookie },
    payload: { market },
  });
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe('disclosure packs', () => {
  it('California: every staged photo sits right before its original in the zip, and the readme states AB 723 and CRMLS 11.5.2', async () => {
    const { cookie, projectId } = await stagedProject(2);
    expect((await get(`/api/projects/${projectId}/share`, cookie)).json().market).toBe('other');
    const set = await setMarket(projectId, cookie, 'california');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ market: 'california' });
    expect((await get(`/api/projects/${projectId}/share`, cookie)).json().market).toBe(
      'california',
    );

    // Originals were not asked for: California puts them in anyway, each right after its staged photo.
    const zip = await zipEntries(
      (await get(`/api/projects/${projectId}/download.zip?label=en`, cookie)).rawPayload,
    );
    expect(zip.map((e) => e.name)).toEqual([
      '01-ocean-view-12-staged-labelled.jpg',
      '01-ocean-view-12-original.jpg',
      '02-ocean-view-12-staged-labelled.jpg',
      '02-ocean-view-12-original.jpg',
      'README.txt',
    ]);
    const originals = await t.database.db
      .select()
      .from(projectImages)
      .where(eq(projectImages.projectId, projectId));
    const firstOriginal = originals
      .filter((r) => r.isOriginal)
      .sort((a, b) => +a.createdAt - +b.createdAt)[0]!;
    expect(
      zip[1]!.data.equals((await get(`/objects${firstOriginal.filePath}`, cookie)).rawPayload),
    ).toBe(true);
    const readme = zip[4]!.data.toString('utf8');
    expect(readme).toContain('Rules followed:');
    for (const rule of DISCLOSURE_PACKS.california.rules.en) expect(readme).toContain(rule);
    expect(readme).toContain('AB 723');
    expect(readme).toContain('signed C2PA Content Credentials');
    expect(readme).not.toContain('AI Act');
  }, 180_000);

  it('EU: the readme states the AI Act Art. 50 wording (German with a German label); originals only on request; a renovation project is told what its previews may be used for', async () => {
    const { cookie, projectId } = await stagedProject(1);
    expect((await setMarket(projectId, cookie, 'eu')).statusCode).toBe(200);
    const zip = await zipEntries(
      (await get(`/api/projects/${projectId}/download.zip?label=de`, cookie)).rawPayload,
    );
    expect(zip.map((e) => e.name)).toEqual([
      '01-ocean-view-12-staged-labelled.jpg',
      'LIESMICH.txt',
    ]);
    const readme = zip[1]!.data.toString('utf8');
    expect(readme).toContain('Befolgte Regeln:');
    for (const rule of DISCLOSURE_PACKS.eu.rules.de) expect(readme).toContain(rule);
    expect(readme).toContain('Verordnung (EU) 2024/1689), Art. 50');
    expect(readme).not.toContain('Renovierungsvorschauen:');

    await t.database.db
      .update(projects)
      .set({ category: 'renovation' })
      .where(eq(projects.id, projectId));
    const renovation = (
      await zipEntries(
        (await get(`/api/projects/${projectId}/download.zip?label=de`, cookie)).rawPayload,
      )
    )
      .at(-1)!
      .data.toString('utf8');
    expect(renovation).toContain(
      `Renovierungsvorschauen:\r\n  - ${DISCLOSURE_PACKS.eu.renovation.de[0]}`,
    );
  }, 180_000);

  it('refuses an unknown market (400 JSON) and another user’s project (404)', async () => {
    const { cookie, projectId } = await stagedProject(0);
    const bad = await setMarket(projectId, cookie, 'texas');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const stranger = await signUp(t.app);
    expect((await setMarket(projectId, stranger.cookie, 'eu')).statusCode).toBe(404);
    expect((await get(`/api/projects/${projectId}/share`, cookie)).json().market).toBe('other');
  }, 60_000);
});
