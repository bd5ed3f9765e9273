import { expect } from 'vitest';
import { call, EVIL_ORIGIN, NUL, SCRIPT, type HostileCase } from './case.js';
import type { World } from './world.js';

const event = (body: unknown) => call('POST', '/api/analytics/events', null, body);

async function countedPaths(world: World): Promise<string[]> {
  const { rows } = await world.kit.t.database.pool.query<{ path: string }>(`SELECT DISTINCT path FROM analytics_daily`);
  return rows.map((r) => r.path);
}

const adminRoutes = ['dashboard', 'analytics', 'users', 'system', 'models', 'budgets', 'costs', 'costs.csv'];

export const miscCases: HostileCase[] = [
  { name: 'analytics: an event only the server may count', route: 'POST /api/analytics/events', request: () => event({ event: 'payment' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'analytics: a 3 000-character path', route: 'POST /api/analytics/events', request: () => event({ event: 'pageview', path: `/${'a'.repeat(3000)}` }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'analytics: a null body', route: 'POST /api/analytics/events', request: () => ({ ...call('POST', '/api/analytics/events', null, 'null'), headers: { 'content-type': 'application/json' } }), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'analytics: script, NUL and an e-mail in the path are never stored',
    route: 'POST /api/analytics/events',
    request: () => event({ event: 'pageview', path: `/projects/${SCRIPT}${NUL}?email=victim@example.com` }),
    expectStatus: 204,
    async verify(_response, world) {
      for (const path of await countedPaths(world)) expect(path).toMatch(/^(\/[a-z:/-]*)?$/);
    },
  },
  ...adminRoutes.map(
    (name): HostileCase => ({
      name: `admin ${name}: a signed-in non-admin`,
      route: `GET /api/admin/${name}`,
      request: (w) => call('GET', `/api/admin/${name}`, w.b.cookie),
      expectStatus: 403,
      expectCode: 'forbidden',
    }),
  ),
  // The operator's economics (decisions 054, 055): validated before the admin check, so odd input is a 400 for anyone.
  { name: 'admin model price: a model id of 201 characters', route: 'PUT /api/admin/models/prices', request: (w) => call('PUT', '/api/admin/models/prices', w.b.cookie, { modelId: 'x'.repeat(201) }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'admin model choice: a path in the service', route: 'PUT /api/admin/models/choices/:service', request: (w) => call('PUT', '/api/admin/models/choices/..%2F..%2Fetc', w.b.cookie, { primary: SCRIPT }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'admin budget: an unknown provider', route: 'PUT /api/admin/budgets/:provider', request: (w) => call('PUT', `/api/admin/budgets/${encodeURIComponent(SCRIPT)}`, w.b.cookie, { daily: -1 }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'admin users: the victim’s replayed session', route: 'GET /api/admin/users', request: (w) => call('GET', '/api/admin/users', w.a.loggedOutCookie), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'deletion state: a forged cookie', route: 'GET /api/account/deletion', request: () => call('GET', '/api/account/deletion', 'rw_session=../../admin'), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'deletion request: the victim’s replayed session', route: 'POST /api/account/deletion', request: (w) => call('POST', '/api/account/deletion', w.a.loggedOutCookie), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'deletion cancel: an expired session', route: 'DELETE /api/account/deletion', request: (w) => call('DELETE', '/api/account/deletion', w.b.expiredCookie), expectStatus: 401, expectCode: 'unauthorized' },
  {
    name: 'health: script in the query and a foreign Origin',
    route: 'GET /api/health',
    request: () => call('GET', `/api/health?${encodeURIComponent(SCRIPT)}=1`, null, undefined, { origin: EVIL_ORIGIN }),
    expectStatus: 200,
    verify: (response) => expect(response.body).not.toContain('<script>'),
  },
  {
    name: 'config: reveals no secret',
    route: 'GET /api/config',
    request: () => call('GET', '/api/config', null, undefined, { origin: EVIL_ORIGIN }),
    expectStatus: 200,
    verify(response, world) {
      expect(response.body).not.toMatch(/sk_test|whsec_|postgres:/);
      expect(response.body).not.toContain(world.kit.t.config.sessionSecret);
    },
  },
  { name: 'unknown method on a known path', route: 'PATCH /api/projects/:id', request: (w) => call('PATCH', `/api/projects/${w.a.projectId}`, w.b.cookie, { title: 'x' }), expectStatus: 404, expectCode: 'not_found' },
  { name: 'unknown API path with a traversal', route: 'GET /api/../../etc/passwd', request: () => call('GET', '/api/..%2F..%2Fetc%2Fpasswd'), expectStatus: 404, expectCode: 'not_found' },
];

/** Routes that need a session: each answers 401 without one. */
const SIGNED_IN_ROUTES = [
  'GET /api/auth/user',
  'PUT /api/auth/profile',
  'PUT /api/auth/password',
  'POST /api/auth/verify-email/resend',
  'POST /api/objects/upload',
  'GET /api/objects/download',
  'POST /api/projects',
  'GET /api/projects',
  'GET /api/projects/:id',
  'DELETE /api/projects/:id',
  'POST /api/process-image',
  'POST /api/create-setup-intent',
  'POST /api/get-or-create-subscription',
  'POST /api/complete-subscription',
  'POST /api/downgrade-to-free',
  'GET /api/billing/subscription',
  'GET /api/admin/dashboard',
  'GET /api/admin/analytics',
  'GET /api/admin/users',
  'GET /api/admin/system',
  'GET /api/account/deletion',
  'POST /api/account/deletion',
  'DELETE /api/account/deletion',
  'GET /api/workspaces',
  'POST /api/workspaces/current',
  'GET /api/workspace/team',
  'POST /api/workspace/invitations',
  'DELETE /api/workspace/invitations/:id',
  'PATCH /api/workspace/members/:userId',
  'DELETE /api/workspace/members/:userId',
  'POST /api/workspace/leave',
  'POST /api/workspace/transfer',
  'POST /api/invitations/accept',
  'GET /api/workspaces/:workspaceId/branding',
  'PUT /api/workspaces/:workspaceId/branding',
  'GET /api/workspaces/:workspaceId/branding/logo',
  'PUT /api/workspaces/:workspaceId/branding/logo',
  'DELETE /api/workspaces/:workspaceId/branding/logo',
];

/** Every state-changing route the victim's browser could be tricked into calling from another site. */
const STATE_CHANGING_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'PUT /api/auth/profile',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset',
  'PUT /api/auth/password',
  'POST /api/auth/confirm-email',
  'POST /api/objects/upload',
  'PUT /api/objects/upload/:token',
  'POST /api/projects',
  'DELETE /api/projects/:id',
  'POST /api/process-image',
  'POST /api/create-setup-intent',
  'POST /api/get-or-create-subscription',
  'POST /api/complete-subscription',
  'POST /api/downgrade-to-free',
  'POST /api/analytics/events',
  'POST /api/account/deletion',
  'DELETE /api/account/deletion',
  'POST /api/stripe/webhook',
  'POST /api/workspaces/current',
  'POST /api/workspace/invitations',
  'DELETE /api/workspace/invitations/:id',
  'PATCH /api/workspace/members/:userId',
  'DELETE /api/workspace/members/:userId',
  'POST /api/workspace/leave',
  'POST /api/workspace/transfer',
  'POST /api/invitations/accept',
  'PUT /api/workspaces/:workspaceId/branding',
  'PUT /api/workspaces/:workspaceId/branding/logo',
  'DELETE /api/workspaces/:workspaceId/branding/logo',
];

/** A concrete URL and a plausible body for a route, filled with the victim's own ids. */
function concrete(route: string, w: World): { method: string; url: string; body?: unknown } {
  const [method, path] = route.split(' ') as [string, string];
  const url = path
    .replace(':id', w.a.projectId)
    .replace(':token', w.a.usedUploadUrl.split('/').pop()!)
    .replace(':userId', w.a.id)
    .replace(':workspaceId', w.a.workspaceId)
    .replace('/api/objects/download', `/api/objects/download?path=${encodeURIComponent(w.a.stagedPath)}`);
  const bodies: Record<string, unknown> = {
    'POST /api/auth/register': { email: 'csrf@example.com', password: 'long enough pw' },
    'POST /api/auth/login': { email: w.a.email, password: w.a.password },
    'PUT /api/auth/profile': { firstName: 'Pwned' },
    'POST /api/auth/verify-email': { token: 'A'.repeat(43) },
    'POST /api/auth/password-reset/request': { email: w.a.email },
    'POST /api/auth/password-reset': { token: 'A'.repeat(43), password: 'attacker password' },
    'PUT /api/auth/password': { currentPassword: w.a.password, newPassword: 'attacker password' },
    'POST /api/auth/confirm-email': { token: 'A'.repeat(43) },
    'POST /api/projects': { title: 'CSRF' },
    'POST /api/process-image': { imageURL: `/objects${w.a.originalPath}`, projectId: w.a.projectId, styleName: 'Modern Staging', isRegeneration: true },
    'POST /api/create-setup-intent': { planId: 'business', billingCycle: 'yearly' },
    'POST /api/get-or-create-subscription': { planId: 'business', billingCycle: 'yearly' },
    'POST /api/complete-subscription': { setupIntentId: w.a.setupIntentId },
    'POST /api/analytics/events': { event: 'cta_click' },
    'POST /api/stripe/webhook': { id: 'evt_csrf', type: 'invoice.paid' },
    'POST /api/workspaces/current': { workspaceId: w.a.workspaceId },
    'POST /api/workspace/invitations': { email: 'csrf@example.com', role: 'admin' },
    'PATCH /api/workspace/members/:userId': { role: 'member' },
    'POST /api/workspace/transfer': { userId: w.b.id },
    'POST /api/invitations/accept': { token: 'A'.repeat(43) },
    'PUT /api/workspaces/:workspaceId/branding': { displayName: 'Pwned' },
  };
  return { method, url, body: bodies[route] };
}

export const generatedCases: HostileCase[] = [
  ...SIGNED_IN_ROUTES.map(
    (route): HostileCase => ({
      name: `no session: ${route}`,
      route,
      request(w) {
        const { method, url, body } = concrete(route, w);
        return call(method as 'GET', url, null, body);
      },
      expectStatus: 401,
      expectCode: 'unauthorized',
    }),
  ),
  ...STATE_CHANGING_ROUTES.map(
    (route): HostileCase => ({
      name: `foreign Origin with the victim’s cookie: ${route}`,
      route,
      request(w) {
        const { method, url, body } = concrete(route, w);
        return call(method as 'GET', url, w.a.cookie, body, { origin: EVIL_ORIGIN });
      },
      expectStatus: 403,
      expectCode: 'foreign_origin',
    }),
  ),
];
