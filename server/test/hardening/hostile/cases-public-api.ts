import { expect } from 'vitest';
import { bearer, businessUser, type ApiUser } from '../../support/api-client.js';
import { call, NUL, type HostileCase } from './case.js';
import type { World } from './world.js';

/**
 * The public API's query strings and multipart bodies (issue 36 item 5), sent with a valid key of
 * a third, Business account C (A's and B's plans stay as they are for the other cases): page
 * cursors that decode but are no cursor of ours, bad limits and positions, bodies cut short or not
 * multipart inside, and single-line fields with control characters. Each answers 400/422 with
 * `{message, code}`; before issue 36 the cursor `["1", uuid]` and a cut multipart body answered 500.
 */
const callers = new WeakMap<World, Promise<ApiUser & { workspaceId: string }>>();
function caller(w: World) {
  let found = callers.get(w);
  if (!found) {
    found = (async () => {
      const user = await businessUser(w.app);
      const { rows } = await w.kit.t.database.pool.query<{ id: string }>('SELECT id FROM workspaces WHERE billing_user_id = $1', [user.userId]);
      return { ...user, workspaceId: rows[0]!.id };
    })();
    callers.set(w, found);
  }
  return found;
}

const UUID = '00000000-0000-4000-8000-000000000000';
const cursor = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const renders = (query: string) => async (w: World) => call('GET', `/api/v1/renders?${query}`, null, undefined, bearer((await caller(w)).key));

const BOUNDARY = '----hostile36';
function multipart(body: string | Buffer, boundary: string | null = BOUNDARY) {
  return async (w: World) => ({
    ...call('POST', '/api/v1/photos', null, body, { ...bearer((await caller(w)).key), 'content-type': boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' }),
  });
}
const filePart = (bytes: string, name = 'file') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${bytes}`;

async function noPhotoStored(_response: unknown, w: World) {
  const { rows } = await w.kit.t.database.pool.query('SELECT 1 FROM upload_tokens WHERE user_id = $1', [(await caller(w)).userId]);
  expect(rows).toEqual([]);
}

const cursorCases: Array<[string, unknown]> = [
  ['["1", uuid] (Date.parse accepts "1", PostgreSQL does not)', ['1', UUID]],
  ['a 13th month', ['2026-13-01T00:00:00.000Z', UUID]],
  ['a time PostgreSQL reads differently', ['2026-02-30T00:00:00.000Z', UUID]],
  ['36 dashes as the run id', ['2026-01-01T00:00:00.000Z', '-'.repeat(36)]],
  ['numbers instead of strings', [1, 2]],
  ['three elements', ['2026-01-01T00:00:00.000Z', UUID, 'x']],
  ['an object', { createdAt: '2026-01-01T00:00:00.000Z', runId: UUID }],
  ['JSON cut short', '["2026-01-01'],
  ['a NUL in the time', [`2026-01-01T00:00:00.000Z${NUL}`, UUID]],
];

export const publicApiCases: HostileCase[] = [
  ...cursorCases.map(([name, value]): HostileCase => ({
    name: `public API: cursor ${name}`,
    route: 'GET /api/v1/renders',
    request: renders(`cursor=${cursor(value)}`),
    expectStatus: 400,
    expectCode: 'validation_failed',
  })),
  { name: 'public API: a cursor that is no base64url', route: 'GET /api/v1/renders', request: renders('cursor=%E2%9C%93%20;DROP'), expectStatus: 400, expectCode: 'validation_failed' },
  ...['limit=0', 'limit=-1', 'limit=1e9', 'limit=abc', 'limit=1&limit=2'].map(
    (query): HostileCase => ({ name: `public API: renders ?${query}`, route: 'GET /api/v1/renders', request: renders(query), expectStatus: 400, expectCode: 'validation_failed' }),
  ),
  {
    name: 'public API: a result position that is no number',
    route: 'GET /api/v1/renders/:id/results/:position',
    request: async (w) => call('GET', `/api/v1/renders/${UUID}/results/1;2`, null, undefined, bearer((await caller(w)).key)),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'public API: a multipart body cut off inside the file part',
    route: 'POST /api/v1/photos',
    request: multipart(filePart('\xff\xd8\xff\xe0 half a jpeg')),
    expectStatus: 400,
    expectCode: 'bad_request',
    verify: noPhotoStored,
  },
  {
    name: 'public API: a multipart body without its closing boundary line',
    route: 'POST /api/v1/photos',
    request: multipart(`${filePart('x')}\r\n--${BOUNDARY}`),
    expectStatus: 400,
    expectCode: 'bad_request',
    verify: noPhotoStored,
  },
  { name: 'public API: a multipart body under another boundary', route: 'POST /api/v1/photos', request: multipart(filePart('x').replace(BOUNDARY, 'other')), expectStatus: 400, verify: noPhotoStored },
  { name: 'public API: multipart without a boundary', route: 'POST /api/v1/photos', request: multipart(filePart('x'), null), expectStatus: 400, verify: noPhotoStored },
  {
    name: 'public API: multipart with a field but no file part',
    route: 'POST /api/v1/photos',
    request: multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`),
    expectStatus: 400,
    expectCode: 'validation_failed',
    verify: noPhotoStored,
  },
  {
    name: 'public API: a complete file part that is no image',
    route: 'POST /api/v1/photos',
    request: multipart(`${filePart('<svg onload="alert(1)"/>')}\r\n--${BOUNDARY}--\r\n`),
    expectStatus: 422,
    expectCode: 'unprocessable_image',
    verify: noPhotoStored,
  },
  {
    name: 'public API: a listing name with CRLF',
    route: 'POST /api/v1/renders',
    request: async (w) => call('POST', '/api/v1/renders', null, { photoId: UUID, listing: 'Haus\r\nX-Injected: 1' }, bearer((await caller(w)).key)),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  ...[
    ['a NUL in the display name (PostgreSQL refuses 0x00)', { displayName: `Muster${NUL}` }],
    ['a CRLF in the display name (a line of its own in the zip’s README)', { displayName: 'Muster\r\nAI-free photos' }],
    ['a line break in the contact name', { contactName: 'Anna\nMuster' }],
    ['a line break in the website (URL parsing drops it)', { website: 'https://muster.de/\nAI-free' }],
    ['a tab in the e-mail', { email: 'anna\t@muster.de' }],
  ].map(
    ([name, body]): HostileCase => ({
      name: `branding: ${name as string}`,
      route: 'PUT /api/workspaces/:workspaceId/branding',
      request: async (w) => {
        const c = await caller(w);
        return call('PUT', `/api/workspaces/${c.workspaceId}/branding`, c.cookie, body);
      },
      expectStatus: 400,
      expectCode: 'validation_failed',
    }),
  ),
  {
    name: 'sharing: a public title with a line break',
    route: 'POST /api/projects/:id/share',
    request: (w) => call('POST', `/api/projects/${w.b.projectId}/share`, w.b.cookie, { publicTitle: 'Haus\nam See' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
];
