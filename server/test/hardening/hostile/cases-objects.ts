import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LocalStorage } from '../../../src/objects/local-storage.js';
import { signUploadToken } from '../../../src/objects/upload-signature.js';
import { MAX_UPLOAD_BYTES } from '../../../../contract/limits.js';
import { requestUploadUrl } from '../../support/staging-fixtures.js';
import { call, rawBody, type HostileCase } from './case.js';
import type { World } from './world.js';

/** A fresh upload URL of the attacker's: the files below must be refused at the PUT. */
const attackerUrl = async (w: World) => (await requestUploadUrl(w.app, w.b.cookie)).uploadURL;

/** An upload URL of the attacker's whose signature is valid but whose expiry has passed. */
async function expiredUrl(w: World): Promise<string> {
  const { uploadURL } = await requestUploadUrl(w.app, w.b.cookie);
  const id = uploadURL.split('/').pop()!.split('.')[0]!;
  await w.kit.t.database.db.execute(sql`UPDATE upload_tokens SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
  const storage = w.kit.t.services.storage as LocalStorage;
  return `/api/objects/upload/${signUploadToken(storage.signingKey, id, new Date(Date.now() - 60_000))}`;
}

const put = (url: string, body: Buffer | string, type: string) => rawBody('PUT', url, null, body, type);

/** A's path with B's user id swapped in front and climbed out of again. */
const climbing = (w: World, filePath: string) => filePath.replace(`/users/${w.a.id}/`, `/users/${w.b.id}/../${w.a.id}/`);

export const objectCases: HostileCase[] = [
  {
    name: 'upload URL: a project name of the wrong type',
    route: 'POST /api/objects/upload',
    request: (w) => call('POST', '/api/objects/upload', w.b.cookie, { projectName: { $ne: null } }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'upload URL: a 10 000-character project name',
    route: 'POST /api/objects/upload',
    request: (w) => call('POST', '/api/objects/upload', w.b.cookie, { projectName: 'n'.repeat(10_000) }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'upload PUT: a forged signature',
    route: 'PUT /api/objects/upload/:token',
    request: (w) => put(`/api/objects/upload/${randomUUID()}.${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}`, w.images.photo, 'image/jpeg'),
    expectStatus: 403,
    expectCode: 'upload_url_invalid',
  },
  {
    name: 'upload PUT: the victim’s used upload URL replayed',
    route: 'PUT /api/objects/upload/:token',
    request: (w) => put(w.a.usedUploadUrl, w.images.photo, 'image/jpeg'),
    expectStatus: 403,
    expectCode: 'upload_url_invalid',
  },
  {
    name: 'upload PUT: an expired URL',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await expiredUrl(w), w.images.photo, 'image/jpeg'),
    expectStatus: 403,
    expectCode: 'upload_url_invalid',
  },
  {
    name: 'upload PUT: a traversal as the token',
    route: 'PUT /api/objects/upload/:token',
    request: (w) => put('/api/objects/upload/..%2F..%2F..%2Fetc%2Fpasswd', w.images.photo, 'image/jpeg'),
    expectStatus: 403,
    expectCode: 'upload_url_invalid',
  },
  {
    name: 'upload PUT: HTML bytes declared as a JPEG',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await attackerUrl(w), '<!doctype html><script>alert(document.cookie)</script>', 'image/jpeg'),
    expectStatus: 422,
    expectCode: 'unprocessable_image',
  },
  {
    name: 'upload PUT: a decompression bomb (valid 51.8 MP PNG of 50 KB)',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await attackerUrl(w), w.images.bomb, 'image/png'),
    expectStatus: 422,
    expectCode: 'unprocessable_image',
  },
  {
    name: 'upload PUT: a PNG header claiming 60 000 x 60 000',
    route: 'PUT /api/objects/upload/:token',
    async request(w) {
      const forged = Buffer.from(w.images.bomb);
      forged.writeUInt32BE(60_000, 16);
      forged.writeUInt32BE(60_000, 20);
      return put(await attackerUrl(w), forged, 'image/png');
    },
    expectStatus: 422,
    expectCode: 'unprocessable_image',
  },
  {
    name: 'upload PUT: a body 1 byte over the upload limit (30 MB), more than its link declared',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await attackerUrl(w), Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff), 'image/jpeg'),
    expectStatus: 413,
    expectCode: 'upload_size_mismatch',
  },
  {
    name: 'upload PUT: an SVG with a script',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await attackerUrl(w), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'),
    expectStatus: 415,
    expectCode: 'unsupported_media_type',
  },
  {
    name: 'upload PUT: a real photo declared as text/html',
    route: 'PUT /api/objects/upload/:token',
    request: async (w) => put(await attackerUrl(w), w.images.photo, 'text/html'),
    expectStatus: 415,
    expectCode: 'unsupported_media_type',
  },
  {
    name: 'object: the victim’s original, asked for by the attacker',
    route: 'GET /objects/*',
    request: (w) => call('GET', `/objects${w.a.originalPath}`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'object: the victim’s thumbnail without a session',
    route: 'GET /objects/*',
    request: (w) => call('GET', `/objects${w.a.originalThumbPath}`),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'object: climbing from the attacker’s folder into the victim’s',
    route: 'GET /objects/*',
    request: (w) => call('GET', `/objects${climbing(w, w.a.stagedPath)}`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'object: traversal with encoded slashes into the victim’s folder',
    route: 'GET /objects/*',
    request: (w) => call('GET', `/objects/users/${w.b.id}/..%2f..%2f${w.a.stagedPath.slice('/users/'.length)}`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'object: backslash traversal',
    route: 'GET /objects/*',
    request: (w) => call('GET', `/objects/users/${w.b.id}/..%5c..%5c..%5cetc%5cpasswd`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'download: the victim’s staged image',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=${encodeURIComponent(w.a.stagedPath)}`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'download: ../../etc/passwd',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=${encodeURIComponent('../../../../etc/passwd')}`, w.b.cookie),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  {
    name: 'download: a NUL byte before a fake extension',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=${encodeURIComponent(`${w.a.stagedPath}\u0000.png`)}`, w.b.cookie),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  {
    name: 'download: the victim’s path climbed into from the attacker’s folder',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=${encodeURIComponent(climbing(w, w.a.stagedPath))}`, w.b.cookie),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  {
    name: 'download: no path',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', '/api/objects/download', w.b.cookie),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'download: a 4 000-character path',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=/users/${'a/'.repeat(2000)}`, w.b.cookie),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'download: the victim’s file as a full URL of another host',
    route: 'GET /api/objects/download',
    request: (w) => call('GET', `/api/objects/download?path=${encodeURIComponent(`http://169.254.169.254/objects${w.a.originalPath}`)}`, w.b.cookie),
    expectStatus: 404,
    expectCode: 'not_found',
    verify: (response) => expect(response.headers['content-disposition']).toBeUndefined(),
  },
];
