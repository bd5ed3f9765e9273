import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema/users.js';
import { call, NUL, oversizedJson, rawBody, RTL_OVERRIDE, SCRIPT, SQL, ZERO_WIDTH, type HostileCase } from './case.js';
import type { World } from './world.js';

/** A title the attacker stores must come back byte for byte, as JSON data, in the detail and the list. */
async function storedVerbatim(response: LightMyRequestResponse, world: World, title: string) {
  const { id } = response.json() as { id: string };
  const detail = await world.app.inject({ url: `/api/projects/${id}`, headers: { cookie: world.b.cookie } });
  expect(detail.headers['content-type']).toMatch(/^application\/json; charset=utf-8$/);
  expect(detail.headers['x-content-type-options']).toBe('nosniff');
  expect(detail.json().title).toBe(title);
  const list = await world.app.inject({ url: '/api/projects', headers: { cookie: world.b.cookie } });
  expect(list.headers['content-type']).toMatch(/^application\/json/);
  expect((list.json() as Array<{ id: string; title: string }>).find((p) => p.id === id)?.title).toBe(title);
}

const project = (cookie: string, body: unknown) => call('POST', '/api/projects', cookie, body);

const process = (w: World, body: Record<string, unknown>) =>
  call('POST', '/api/process-image', w.b.cookie, {
    imageURL: w.b.uploadPath,
    projectId: w.b.projectId,
    category: 'virtual_staging',
    styleName: 'Modern Staging',
    styleDescription: '',
    isRegeneration: false,
    ...body,
  });

/** Takes all the attacker's credits (or gives them back). */
async function exhaustAttackerCredits(world: World, exhausted: boolean) {
  await world.kit.t.database.db
    .update(users)
    .set({ creditsUsed: exhausted ? sql`credits_limit` : 0 })
    .where(eq(users.id, world.b.id));
}

export const projectCases: HostileCase[] = [
  { name: 'create: malformed JSON', route: 'POST /api/projects', request: (w) => rawBody('POST', '/api/projects', w.b.cookie, '{"title": "x",,}'), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'create: a numeric title', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: 42 }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: a blank title', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: ' \t ' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: a 121-character title', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: 'x'.repeat(121) }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: NUL in the title never reaches PostgreSQL', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: `Haus${NUL}` }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: a line break inside the title', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: 'Haus\nSet-Cookie: x=1' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: an unknown category', route: 'POST /api/projects', request: (w) => project(w.b.cookie, { title: 'x', category: 'admin' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'create: a 2 MB body', route: 'POST /api/projects', request: (w) => rawBody('POST', '/api/projects', w.b.cookie, oversizedJson()), expectStatus: 413, expectCode: 'payload_too_large' },
  { name: 'create: a plain-text body', route: 'POST /api/projects', request: (w) => rawBody('POST', '/api/projects', w.b.cookie, 'title=x', 'text/plain'), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'create: a script tag as title is stored verbatim and returned as JSON data',
    route: 'POST /api/projects',
    request: (w) => project(w.b.cookie, { title: SCRIPT }),
    expectStatus: 201,
    verify: (response, world) => storedVerbatim(response, world, SCRIPT),
  },
  {
    name: 'create: SQL as title is stored verbatim and the table survives',
    route: 'POST /api/projects',
    request: (w) => project(w.b.cookie, { title: SQL }),
    expectStatus: 201,
    async verify(response, world) {
      await storedVerbatim(response, world, SQL);
      const { rows } = await world.kit.t.database.pool.query(`SELECT count(*)::int AS n FROM projects`);
      expect(rows[0].n).toBeGreaterThan(1);
    },
  },
  {
    name: 'create: RTL override and zero-width characters are stored verbatim',
    route: 'POST /api/projects',
    request: (w) => project(w.b.cookie, { title: `Wohnung ${RTL_OVERRIDE}fdp.exe${ZERO_WIDTH} 🏠` }),
    expectStatus: 201,
    verify: (response, world) => storedVerbatim(response, world, `Wohnung ${RTL_OVERRIDE}fdp.exe${ZERO_WIDTH} 🏠`),
  },
  {
    name: 'create: __proto__ in the body is refused (secure JSON parsing)',
    route: 'POST /api/projects',
    request: (w) => rawBody('POST', '/api/projects', w.b.cookie, '{"title":"Proto","__proto__":{"polluted":true}}'),
    expectStatus: 400,
    expectCode: 'bad_request',
    verify: () => expect(({} as Record<string, unknown>).polluted).toBeUndefined(),
  },
  {
    name: 'create: constructor.prototype in the body pollutes nothing',
    route: 'POST /api/projects',
    request: (w) => rawBody('POST', '/api/projects', w.b.cookie, '{"title":"Proto","constructor":{"prototype":{"polluted":true}}}'),
    expectStatus: 400,
    expectCode: 'bad_request',
    verify: () => expect(({} as Record<string, unknown>).polluted).toBeUndefined(),
  },
  {
    name: 'list: the attacker sees only their own projects',
    route: 'GET /api/projects',
    request: (w) => call('GET', '/api/projects', w.b.cookie),
    expectStatus: 200,
    verify: (response, world) => expect(response.body).not.toContain(world.a.projectId),
  },
  { name: 'detail: the victim’s project id', route: 'GET /api/projects/:id', request: (w) => call('GET', `/api/projects/${w.a.projectId}`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'detail: SQL as id', route: 'GET /api/projects/:id', request: (w) => call('GET', `/api/projects/${encodeURIComponent(`1' OR '1'='1`)}`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'detail: a traversal as id', route: 'GET /api/projects/:id', request: (w) => call('GET', '/api/projects/..%2F..%2Fadmin%2Fusers', w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'detail: a 65-character id', route: 'GET /api/projects/:id', request: (w) => call('GET', `/api/projects/${'f'.repeat(65)}`, w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'publish market: the victim’s project (its disclosure rules)',
    route: 'PUT /api/projects/:id/publish-market',
    request: (w) => call('PUT', `/api/projects/${w.a.projectId}/publish-market`, w.b.cookie, { market: 'other' }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'publish market: a market with no rules',
    route: 'PUT /api/projects/:id/publish-market',
    request: (w) => call('PUT', `/api/projects/${w.b.projectId}/publish-market`, w.b.cookie, { market: 'atlantis' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  { name: 'delete: the victim’s project id', route: 'DELETE /api/projects/:id', request: (w) => call('DELETE', `/api/projects/${w.a.projectId}`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'delete: the victim’s id with a NUL appended', route: 'DELETE /api/projects/:id', request: (w) => call('DELETE', `/api/projects/${w.a.projectId}%00`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },

  { name: 'process: the attacker’s upload into the victim’s project', route: 'POST /api/process-image', request: (w) => process(w, { projectId: w.a.projectId }), expectStatus: 404, expectCode: 'not_found' },
  { name: 'process: the victim’s staged image into the attacker’s project', route: 'POST /api/process-image', request: (w) => process(w, { imageURL: `/objects${w.a.stagedPath}`, isRegeneration: true }), expectStatus: 404, expectCode: 'not_found' },
  { name: 'process: the victim’s unused upload into the attacker’s project', route: 'POST /api/process-image', request: (w) => process(w, { imageURL: w.a.spareUploadPath }), expectStatus: 404, expectCode: 'not_found' },
  {
    name: 'process: a traversal from the attacker’s uploads into the victim’s',
    route: 'POST /api/process-image',
    request: (w) => process(w, { imageURL: w.a.spareUploadPath.replace(`/users/${w.a.id}/`, `/users/${w.b.id}/uploads/../../${w.a.id}/`) }),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  { name: 'process: NUL in the image URL', route: 'POST /api/process-image', request: (w) => process(w, { imageURL: `${w.b.uploadPath}${NUL}` }), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'process: NUL in the style name', route: 'POST /api/process-image', request: (w) => process(w, { styleName: `Modern${NUL}` }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: NUL in the instructions', route: 'POST /api/process-image', request: (w) => process(w, { instructions: `keep the sofa${NUL}` }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: isRegeneration as a string', route: 'POST /api/process-image', request: (w) => process(w, { isRegeneration: 'yes' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: projectId as a query object', route: 'POST /api/process-image', request: (w) => process(w, { projectId: { $gt: '' } }), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'process: the victim’s original as a URL of another host (nothing is fetched)',
    route: 'POST /api/process-image',
    request: (w) => process(w, { imageURL: `http://169.254.169.254/objects${w.a.originalPath}` }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'process: no credits left',
    route: 'POST /api/process-image',
    async request(w) {
      await exhaustAttackerCredits(w, true);
      return process(w, {});
    },
    expectStatus: 402,
    expectCode: 'insufficient_credits',
    cleanup: (w) => exhaustAttackerCredits(w, false),
  },
];
