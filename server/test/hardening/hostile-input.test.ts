import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../contract/errors.js';
import type { HostileCase } from './hostile/case.js';
import { accountCases } from './hostile/cases-accounts.js';
import { authCases } from './hostile/cases-auth.js';
import { billingCases } from './hostile/cases-billing.js';
import { brandingCases } from './hostile/cases-branding.js';
import { encodingCases, ENCODING_ROUTES } from './hostile/cases-encoding.js';
import { listingCases } from './hostile/cases-listing.js';
import { generatedCases, miscCases } from './hostile/cases-misc.js';
import { objectCases } from './hostile/cases-objects.js';
import { projectCases } from './hostile/cases-projects.js';
import { publicApiCases } from './hostile/cases-public-api.js';
import { sharingCases } from './hostile/cases-sharing.js';
import { crossTenantViolations, snapshotVictim, strayObjectFiles, type VictimSnapshot } from './hostile/invariants.js';
import { runCases } from './hostile/cases-runs.js';
import { registeredRoutes } from './hostile/registered-routes.js';
import { workspaceCases } from './hostile/cases-workspaces.js';
import { createWorld, type World } from './hostile/world.js';

/**
 * Hostile input against every route of one app with two users: A (the victim, with a project,
 * images, a subscription) and B (the attacker). Each case must get a clear answer (`{message,
 * code}` JSON for every 4xx, never a 5xx or HTML), and after each case A's rows and files are
 * exactly as before, no row crosses tenants, nothing was written outside the key grammar, the
 * reply names nothing of A's that the request did not, and the app still answers /api/health.
 */
const cases: HostileCase[] = [...authCases, ...accountCases, ...objectCases, ...projectCases, ...sharingCases, ...billingCases, ...listingCases, ...miscCases, ...runCases, ...generatedCases, ...workspaceCases, ...brandingCases, ...encodingCases, ...publicApiCases];

let world: World;
let baseline: VictimSnapshot;

beforeAll(async () => {
  world = await createWorld();
  baseline = await snapshotVictim(world);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** A's identifiers that must not appear in a reply unless the request itself carried them. */
function victimSecrets(w: World): string[] {
  return [w.a.id, w.a.email, w.a.workspaceId, w.a.projectId, w.a.stagedImageId, w.a.originalPath, w.a.stagedPath, w.a.subscriptionId, 'Villa am See'];
}

function requestText(request: InjectOptions): string {
  const payload = request.payload;
  const body = payload === undefined ? '' : typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : JSON.stringify(payload);
  return `${String(request.url)} ${safeDecode(String(request.url)).replace(/\0/g, '')} ${body} ${JSON.stringify(request.headers ?? {})}`;
}

/** Some cases send percent-encoding that does not decode on purpose. */
function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function expectClearAnswer(c: HostileCase, response: LightMyRequestResponse) {
  const detail = `${c.name}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, detail).toBe(c.expectStatus);
  expect(response.statusCode, detail).toBeLessThan(500);
  // The API reference (/docs/api/, decision 044) is the one HTML page of an app built without the web app.
  if (c.route !== 'GET /docs/api/') expect(response.headers['content-type'] ?? '', detail).not.toMatch(/html/);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], detail).toMatch(/^application\/json/);
  const body = response.json() as { message?: string; error?: string; code?: string; success?: boolean };
  // process-image keeps the spec's `{success: false, error, code}`; every other route `{message, code}`.
  const message = body.success === false ? body.error : body.message;
  expect(typeof message === 'string' && message.length > 0, detail).toBe(true);
  expect(ERROR_CODES, detail).toContain(body.code);
  if (c.expectCode) expect(body.code, detail).toBe(c.expectCode);
  expect(response.body, detail).not.toMatch(/\n\s+at |node_modules|postgres|SELECT |stack/i);
}

describe(`hostile input (${cases.length} cases)`, () => {
  it('covers every registered route', () => {
    const covered = new Set(cases.map((c) => c.route));
    const missing = registeredRoutes(world.app).filter((route) => !covered.has(route));
    expect(missing, 'routes without a hostile case').toEqual([]);
  });

  it('sends a NUL byte and a malformed URL to exactly the registered routes (hostile/cases-encoding.ts)', () => {
    expect(Object.keys(ENCODING_ROUTES).sort()).toEqual(registeredRoutes(world.app));
  });

  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const request = await c.request(world);
      let response: LightMyRequestResponse;
      try {
        response = await world.app.inject(request);
        expectClearAnswer(c, response);
        const reply = response.body;
        const asked = requestText(request);
        for (const secret of victimSecrets(world)) {
          if (!asked.includes(secret)) expect(reply, `${c.name} leaks ${secret}`).not.toContain(secret);
        }
        await c.verify?.(response, world);
      } finally {
        await c.cleanup?.(world);
      }

      const after = await snapshotVictim(world);
      if (after.digest !== baseline.digest) expect(after, `${c.name} changed the victim's rows or files`).toEqual(baseline);
      expect(await crossTenantViolations(world.kit.t.database.db)).toEqual([]);
      expect(strayObjectFiles(world.dataDir)).toEqual([]);
      const health = await world.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });
  }
});

/** `app.inject` resolves dot segments like a browser would; a raw client sends them as they are. */
describe('raw traversal paths over a real socket', () => {
  function rawGet(port: number, rawPath: string, cookie?: string): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: rawPath, headers: cookie ? { cookie } : {} }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers 404 JSON and serves none of the victim’s files', async () => {
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = world.app.server.address() as AddressInfo;
    const paths = [
      `/objects/users/${world.b.id}/../${world.a.stagedPath.slice('/users/'.length)}`,
      `/objects/users/${world.b.id}/projects/../../${world.a.stagedPath.slice('/users/'.length)}`,
      '/objects/../../../../../etc/passwd',
      '/objects/users/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      `/objects/users\\..\\..\\etc\\passwd`,
      `/api/../api/projects/${world.a.projectId}`,
    ];
    for (const rawPath of paths) {
      const res = await rawGet(port, rawPath, world.b.cookie);
      expect(res.status, rawPath).toBe(404);
      expect(res.type, rawPath).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).code, rawPath).toBe('not_found');
    }
    expect((await snapshotVictim(world)).digest).toBe(baseline.digest);
  });
});

describe('the invariant check itself', () => {
  it('holds the victim’s workspace and membership', () => {
    expect(baseline.rows.workspaces).toEqual([expect.objectContaining({ id: world.a.workspaceId, billing_user_id: world.a.id })]);
    expect(baseline.rows.workspace_members).toEqual([expect.objectContaining({ workspace_id: world.a.workspaceId, user_id: world.a.id, role: 'owner' })]);
  });

  it('notices when the victim’s rows or files change', async () => {
    const changed = await world.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie: world.a.cookie }, payload: { lastName: 'Changed' } });
    expect(changed.statusCode).toBe(200);
    expect((await snapshotVictim(world)).digest).not.toBe(baseline.digest);
  });
});
