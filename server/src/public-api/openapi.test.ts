import { Ajv2020 } from 'ajv/dist/2020.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../contract/errors.js';
import { ROOM_TYPES } from '../../../contract/listing.js';
import { bearer, businessUser, multipartPhoto, type ApiUser } from '../../test/support/api-client.js';
import { photo } from '../../test/support/staging-fixtures.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

/**
 * The contract test: real answers of /api/v1 validated against the OpenAPI document the server
 * serves (JSON Schema 2020-12, as OpenAPI 3.1 defines it), and the reference page built on it.
 */
let t: TestApp;
let doc: any;
let ajv: Ajv2020;
let caller: ApiUser;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'send-only' });
  const response = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
  ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(doc, 'openapi');
  caller = await businessUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Validates a real response against the document's schema for its path, method and status. */
function conforms(path: string, method: string, response: LightMyRequestResponse) {
  const status = String(response.statusCode);
  const operation = doc.paths[path]?.[method];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  expect(operation.responses[status], `${method} ${path} documents ${status}`).toBeDefined();
  const validate = ajv.getSchema(`openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`);
  expect(validate, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
  const body = response.json();
  const ok = validate!(body);
  expect(ok ? null : { body, errors: validate!.errors }).toBeNull();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, lists every operation with Bearer security, and the stable error codes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /api/v1/account',
        'GET /api/v1/renders',
        'GET /api/v1/renders/{id}',
        'GET /api/v1/renders/{id}/results/{position}',
        'POST /api/v1/photos',
        'POST /api/v1/photos/from-url',
        'POST /api/v1/renders',
        'POST /api/v1/renders/{id}/cancel',
      ].sort(),
    );
    for (const methods of Object.values(doc.paths) as any[]) for (const op of Object.values(methods) as any[]) expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/photos'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(doc.paths['/api/v1/account'].get.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const errorSchema = JSON.stringify(doc.components.schemas.Error);
    for (const code of ['invalid_api_key', 'insufficient_scope', 'rate_limited', 'concurrency_limit', 'idempotency_conflict', 'url_not_allowed']) expect(errorSchema).toContain(code);
    expect(ERROR_CODES.every((code) => errorSchema.includes(`"${code}"`))).toBe(true);
    // The guide: curl quick start in both languages and the verification snippet.
    expect(doc.info.description).toContain('### Schnellstart');
    expect(doc.info.description).toContain('### Quick start');
    expect(doc.info.description).toContain("new Webhook(process.env.RAUMWERK_WEBHOOK_SECRET).verify(");
  });

  it('real answers conform to it', async () => {
    const call = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers as object), ...bearer(caller.key) } } as InjectOptions);
    const upload = multipartPhoto(await photo(640, 480));
    const uploaded = await call({ method: 'POST', url: '/api/v1/photos', headers: upload.headers, payload: upload.payload });
    conforms('/api/v1/photos', 'post', uploaded);
    const created = await call({ method: 'POST', url: '/api/v1/renders', payload: { photoId: uploaded.json().id, style: 'custom', customStyle: 'Bauhaus, warm wood', variations: 2 } });
    conforms('/api/v1/renders', 'post', created);
    const id = created.json().id;
    conforms('/api/v1/renders/{id}', 'get', await call({ url: `/api/v1/renders/${id}` }));
    conforms('/api/v1/renders', 'get', await call({ url: '/api/v1/renders?limit=1' }));
    conforms('/api/v1/account', 'get', await call({ url: '/api/v1/account' }));
    conforms('/api/v1/renders/{id}/cancel', 'post', await call({ method: 'POST', url: `/api/v1/renders/${id}/cancel` }));
    // Errors too: a validation error, a missing render, a refused URL, no key at all.
    conforms('/api/v1/renders', 'post', await call({ method: 'POST', url: '/api/v1/renders', payload: { photoId: 'nope' } }));
    conforms('/api/v1/renders/{id}', 'get', await call({ url: '/api/v1/renders/00000000-0000-4000-8000-000000000000' }));
    conforms('/api/v1/photos/from-url', 'post', await call({ method: 'POST', url: '/api/v1/photos/from-url', payload: { url: 'https://127.0.0.1/a.jpg' } }));
    conforms('/api/v1/account', 'get', await t.app.inject({ url: '/api/v1/account' }));
  });
});

describe('room types through the API (decision 063)', () => {
  it('documents every room type, accepts the new ones and refuses an unknown one with 400 {message, code}', async () => {
    expect(doc.components.schemas.CreateRenderRequest.properties.roomType.enum).toEqual([...ROOM_TYPES]);
    const call = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload });
    const upload = multipartPhoto(await photo(640, 480));
    const photoId = (await t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: bearer(caller.key, upload.headers), payload: upload.payload })).json().id;
    const bathroom = await call({ photoId, roomType: 'bathroom', roomGroup: 'bathroom-1' });
    expect(bathroom.statusCode, bathroom.body).toBe(202);
    conforms('/api/v1/renders', 'post', bathroom);
    await t.app.inject({ method: 'POST', url: `/api/v1/renders/${bathroom.json().id}/cancel`, headers: bearer(caller.key) });
    const garage = await call({ photoId, roomType: 'garage' });
    expect(garage.statusCode).toBe(400);
    expect(garage.json()).toEqual({ message: expect.stringContaining('roomType'), code: 'validation_failed' });
  });
});

describe('the reference page', () => {
  it("is Scalar's standalone bundle from this server (no CDN, no inline script), pointed at the served document", async () => {
    const bare = await t.app.inject({ url: '/docs/api' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/docs/api/']);
    const page = await t.app.inject({ url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /\bsrc="([^"]+)"/.exec(m[1]!)?.[1])).toEqual(['/docs/api/js/scalar.js', '/docs/api/js/start.js']);
    expect(scripts.map((m) => m[2])).toEqual(['', '']);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval|sha256-|https?:/);
    const start = await t.app.inject({ url: '/docs/api/js/start.js' });
    expect(start.headers['content-type']).toMatch(/javascript/);
    expect(start.body).toBe(
      `Scalar.createApiReference('#app', {"url":"/api/v1/openapi.json","pageTitle":"Raumwerk API","withDefaultFonts":false,"hideClientButton":true,"telemetry":false,"agent":{"disabled":true},"mcp":{"disabled":true},"showDeveloperTools":"never"});\n`,
    );
    const js = await t.app.inject({ url: '/docs/api/js/scalar.js', headers: { 'accept-encoding': 'identity' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    // The maintained renderer itself: the bundle defines window.Scalar.createApiReference.
    expect(js.body).toContain('window.Scalar={createApiReference:');
  });
});
