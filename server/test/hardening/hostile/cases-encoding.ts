import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ErrorCode } from '../../../../contract/errors.js';
import { call, type HostileCase } from './case.js';
import type { World } from './world.js';

/**
 * Generated cases (issue #22): every registered route gets a NUL byte in each place it reads text
 * (path parameters, the query, every string of a plausible JSON body) and a URL whose
 * percent-encoding does not decode. PostgreSQL refuses NUL in text, so a NUL that slips past the
 * contract answers 500; a bad URL is refused by Fastify before routing, where no hook adds headers.
 * `ENCODING_ROUTES` must list exactly the registered routes (checked by the suite), each with the
 * answer its NUL request gets.
 */
export const ENCODING_ROUTES: Record<string, { nul: [status: number, code?: ErrorCode] }> = {
  'DELETE /api/account/deletion': { nul: [401, 'unauthorized'] },
  'DELETE /api/projects/:id': { nul: [404, 'not_found'] },
  'DELETE /api/projects/:id/share': { nul: [404, 'not_found'] },
  'GET /api/account/deletion': { nul: [200] },
  'GET /api/admin/analytics': { nul: [403, 'forbidden'] },
  'GET /api/admin/budgets': { nul: [403, 'forbidden'] },
  'GET /api/admin/costs': { nul: [403, 'forbidden'] },
  'GET /api/admin/costs.csv': { nul: [403, 'forbidden'] },
  'GET /api/admin/models': { nul: [403, 'forbidden'] },
  'PUT /api/admin/budgets/:provider': { nul: [400, 'validation_failed'] },
  'PUT /api/admin/models/choices/:service': { nul: [400, 'validation_failed'] },
  'PUT /api/admin/models/prices': { nul: [400, 'validation_failed'] },
  'GET /api/admin/dashboard': { nul: [403, 'forbidden'] },
  'GET /api/admin/sales-inquiries': { nul: [403, 'forbidden'] },
  'GET /api/admin/system': { nul: [403, 'forbidden'] },
  'GET /api/admin/users': { nul: [403, 'forbidden'] },
  'GET /api/auth/callback': { nul: [404, 'not_found'] },
  'GET /api/auth/logout': { nul: [302] },
  'GET /api/auth/user': { nul: [200] },
  'GET /api/billing/change-preview': { nul: [400, 'validation_failed'] },
  'GET /api/billing/credit-packs': { nul: [200] },
  'GET /api/billing/subscription': { nul: [200] },
  'GET /api/callback': { nul: [404, 'not_found'] },
  'GET /api/config': { nul: [200] },
  'GET /api/health': { nul: [200] },
  'GET /api/login': { nul: [302] },
  'GET /api/logout': { nul: [302] },
  'GET /api/objects/download': { nul: [400, 'validation_failed'] },
  'GET /api/projects': { nul: [400, 'validation_failed'] },
  'GET /api/projects/:id': { nul: [404, 'not_found'] },
  'GET /api/projects/:id/download.zip': { nul: [400, 'validation_failed'] },
  'GET /api/projects/:id/share': { nul: [404, 'not_found'] },
  'GET /api/share/:token': { nul: [404, 'not_found'] },
  'GET /api/share/:token/images/:imageId': { nul: [404, 'not_found'] },
  'GET /api/staging-runs': { nul: [400, 'validation_failed'] },
  'GET /api/staging-runs/:id/events': { nul: [404, 'not_found'] },
  'GET /objects/*': { nul: [404, 'not_found'] },
  // Public API (issue #25): validation answers before the key is looked at; without params or body, the missing key.
  'DELETE /api/settings/api/webhooks/:id': { nul: [400, 'validation_failed'] },
  'GET /api/settings/api': { nul: [200] },
  'GET /api/settings/api/webhooks': { nul: [200] },
  'GET /api/v1/account': { nul: [401, 'invalid_api_key'] },
  'GET /api/v1/openapi.json': { nul: [200] },
  'GET /api/v1/renders': { nul: [400, 'validation_failed'] },
  'GET /api/v1/renders/:id': { nul: [400, 'validation_failed'] },
  'GET /api/v1/renders/:id/results/:position': { nul: [400, 'validation_failed'] },
  'GET /docs/api': { nul: [301] },
  'GET /docs/api/': { nul: [200] },
  'GET /docs/api/js/scalar.js': { nul: [200] },
  'GET /docs/api/js/start.js': { nul: [200] },
  'POST /api/settings/api/keys': { nul: [400, 'validation_failed'] },
  'POST /api/settings/api/keys/:id/revoke': { nul: [400, 'validation_failed'] },
  'POST /api/settings/api/webhooks': { nul: [400, 'validation_failed'] },
  'POST /api/v1/photos': { nul: [401, 'invalid_api_key'] },
  'POST /api/v1/photos/from-url': { nul: [400, 'validation_failed'] },
  'POST /api/v1/renders': { nul: [400, 'validation_failed'] },
  'POST /api/v1/renders/:id/cancel': { nul: [400, 'validation_failed'] },
  'POST /api/account/deletion': { nul: [401, 'unauthorized'] },
  'POST /api/analytics/events': { nul: [400, 'validation_failed'] },
  'POST /api/auth/confirm-email': { nul: [400, 'validation_failed'] },
  'POST /api/auth/login': { nul: [400, 'validation_failed'] },
  'POST /api/auth/logout': { nul: [204] },
  'POST /api/auth/password-reset': { nul: [400, 'validation_failed'] },
  'POST /api/auth/password-reset/request': { nul: [400, 'validation_failed'] },
  'POST /api/auth/register': { nul: [400, 'validation_failed'] },
  'POST /api/auth/verify-email': { nul: [400, 'validation_failed'] },
  'POST /api/auth/verify-email/resend': { nul: [401, 'unauthorized'] },
  'POST /api/billing/change-plan': { nul: [400, 'validation_failed'] },
  'POST /api/billing/credit-packs/checkout': { nul: [400, 'validation_failed'] },
  'POST /api/billing/portal': { nul: [401, 'unauthorized'] },
  'POST /api/billing/resume': { nul: [401, 'unauthorized'] },
  'POST /api/complete-subscription': { nul: [400, 'validation_failed'] },
  'POST /api/create-setup-intent': { nul: [400, 'validation_failed'] },
  'POST /api/downgrade-to-free': { nul: [401, 'unauthorized'] },
  'POST /api/get-or-create-subscription': { nul: [400, 'validation_failed'] },
  'POST /api/objects/upload': { nul: [400, 'validation_failed'] },
  'POST /api/process-image': { nul: [400, 'validation_failed'] },
  'POST /api/projects': { nul: [400, 'validation_failed'] },
  'POST /api/projects/:id/images/:imageId/choose': { nul: [400, 'validation_failed'] },
  'POST /api/projects/:id/share': { nul: [404, 'not_found'] },
  'PUT /api/projects/:id/publish-market': { nul: [400, 'validation_failed'] },
  'POST /api/sales-inquiries': { nul: [400, 'validation_failed'] },
  'POST /api/stripe/webhook': { nul: [400, 'bad_request'] },
  // Passwords are hashed, never stored as text: a NUL is just a wrong current password.
  'PUT /api/auth/password': { nul: [403, 'wrong_password'] },
  'PUT /api/auth/profile': { nul: [400, 'validation_failed'] },
  'PUT /api/objects/upload/:token': { nul: [403, 'upload_url_invalid'] },
  // Workspaces (decision 041): ids are uuids, roles an enum, addresses ASCII; an invitation token is hashed, never stored.
  'DELETE /api/workspace/invitations/:id': { nul: [400, 'validation_failed'] },
  'DELETE /api/workspace/members/:userId': { nul: [400, 'validation_failed'] },
  'GET /api/invitations': { nul: [400, 'validation_failed'] },
  'GET /api/workspace/team': { nul: [200] },
  'GET /api/workspaces': { nul: [200] },
  'PATCH /api/workspace/members/:userId': { nul: [400, 'validation_failed'] },
  'POST /api/invitations/accept': { nul: [400, 'token_invalid'] },
  'POST /api/workspace/invitations': { nul: [400, 'validation_failed'] },
  // B owns its personal workspace and cannot leave it; the route reads no text.
  'POST /api/workspace/leave': { nul: [409, 'owner_cannot_leave'] },
  'POST /api/workspace/transfer': { nul: [400, 'validation_failed'] },
  'POST /api/workspaces/current': { nul: [400, 'validation_failed'] },
  // Branding (decision 045): the workspace id is a uuid; the logo route refuses a JSON body before reading it; a share token is matched, never stored.
  'GET /api/workspaces/:workspaceId/branding': { nul: [400, 'validation_failed'] },
  'PUT /api/workspaces/:workspaceId/branding': { nul: [400, 'validation_failed'] },
  'GET /api/workspaces/:workspaceId/branding/logo': { nul: [400, 'validation_failed'] },
  'PUT /api/workspaces/:workspaceId/branding/logo': { nul: [415, 'unsupported_media_type'] },
  'DELETE /api/workspaces/:workspaceId/branding/logo': { nul: [400, 'validation_failed'] },
  'GET /api/share/:token/logo': { nul: [404, 'not_found'] },
};

/** A plausible body per route; the NUL case appends a NUL to each of its strings. */
function plausibleBody(route: string, w: World): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/analytics/events': { event: 'pageview', path: '/projects' },
    'POST /api/auth/confirm-email': { token: 'A'.repeat(43) },
    'POST /api/auth/login': { email: w.b.email, password: w.b.password },
    'POST /api/auth/password-reset': { token: 'A'.repeat(43), password: 'long enough pw' },
    'POST /api/auth/password-reset/request': { email: w.b.email },
    'POST /api/auth/register': { email: 'nul-sign-up@example.com', password: 'long enough pw', firstName: 'Nul' },
    'POST /api/auth/verify-email': { token: 'A'.repeat(43) },
    'POST /api/billing/change-plan': { plan: 'business', cycle: 'yearly' },
    'POST /api/billing/credit-packs/checkout': { packId: 'pack_50' },
    'PUT /api/projects/:id/publish-market': { market: 'eu' },
    'POST /api/complete-subscription': { setupIntentId: 'seti_123' },
    'POST /api/create-setup-intent': { planId: 'business', billingCycle: 'yearly' },
    'POST /api/get-or-create-subscription': { planId: 'business', billingCycle: 'yearly' },
    'POST /api/objects/upload': { projectName: 'Haus' },
    'POST /api/process-image': { imageURL: w.b.uploadPath, projectId: w.b.projectId, styleName: 'Modern Staging', instructions: 'Sofa' },
    'POST /api/projects': { title: 'Haus' },
    'POST /api/settings/api/keys': { name: 'CRM', scopes: ['read'] },
    'POST /api/settings/api/webhooks': { url: 'https://example.com/hook' },
    'POST /api/v1/photos/from-url': { url: 'https://example.com/a.jpg' },
    'POST /api/v1/renders': { photoId: '00000000-0000-4000-8000-000000000000', customStyle: 'Bauhaus' },
    'POST /api/projects/:id/images/:imageId/choose': { variationId: '00000000-0000-4000-8000-000000000000' },
    'POST /api/sales-inquiries': { name: 'Mara', email: 'mara@example.com', company: 'Keller', message: 'Rund 800 Bilder im Monat.' },
    'POST /api/stripe/webhook': { id: 'evt_nul', type: 'invoice.paid' },
    'PUT /api/auth/password': { currentPassword: w.b.password, newPassword: 'long enough pw' },
    'PUT /api/auth/profile': { firstName: 'Nul', lastName: 'Byte' },
    'PATCH /api/workspace/members/:userId': { role: 'member' },
    'POST /api/invitations/accept': { token: 'A'.repeat(43) },
    'POST /api/workspace/invitations': { email: 'nul-invitee@example.com', role: 'member' },
    'POST /api/workspace/transfer': { userId: w.a.id },
    'POST /api/workspaces/current': { workspaceId: '00000000-0000-4000-8000-000000000000' },
    'PUT /api/workspaces/:workspaceId/branding': { displayName: 'Muster', contactName: 'Anna', phone: '+49 30 1', email: 'a@example.com', website: 'example.com', accentColor: '#1f6feb' },
  };
  return bodies[route] ?? { value: 'x' };
}

const withNul = (value: unknown): unknown =>
  typeof value === 'string' ? `${value}\u0000` : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v)])) : value;

/** Every query parameter some route reads, each with a NUL. */
const NUL_QUERY = ['cursor', 'limit', 'path', 'label', 'share', 'originals', 'plan', 'cycle', 'code', 'state', 'token'].map((name) => `${name}=a%00b`).join('&');

/** The route's path with each parameter (and the wildcard) replaced by `value`, or, without any, `value` appended. */
function pathWith(route: string, value: string): string {
  const path = route.split(' ')[1]!;
  const filled = path.replace(/:[A-Za-z]+/g, value).replace(/\*$/, `users/${value}.jpg`);
  return filled === path ? `${path}${value}` : filled;
}

/**
 * Routes that act on the session alone (no text to refuse): with the attacker's cookie they would sign
 * B out, schedule B's deletion or touch B's billing for later cases, so they are called without one.
 */
const ACTS_WITHOUT_INPUT = new Set([
  'GET /api/logout',
  'GET /api/auth/logout',
  'POST /api/auth/logout',
  'POST /api/account/deletion',
  'DELETE /api/account/deletion',
  'POST /api/auth/verify-email/resend',
  'POST /api/billing/portal',
  'POST /api/billing/resume',
  'POST /api/downgrade-to-free',
]);
const endsSession = (route: string) => ACTS_WITHOUT_INPUT.has(route);

function nulRequest(route: string, w: World) {
  const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'];
  const hasParams = /[:*]/.test(route);
  const url = `${hasParams ? pathWith(route, 'a%00b') : route.split(' ')[1]}?${NUL_QUERY}`;
  // As the attacker, so the NUL reaches what a signed-in request reaches.
  const cookie = endsSession(route) ? null : w.b.cookie;
  return call(method, url, cookie, method === 'GET' ? undefined : withNul(plausibleBody(route, w)));
}

function expectFrameworkAnswerHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(response.headers['cache-control']).toBe('no-store');
}

export const encodingCases: HostileCase[] = Object.entries(ENCODING_ROUTES).flatMap(([route, { nul }]): HostileCase[] => [
  {
    name: `NUL in every text input: ${route}`,
    route,
    request: (w) => nulRequest(route, w),
    expectStatus: nul[0],
    ...(nul[1] ? { expectCode: nul[1] } : {}),
  },
  {
    name: `malformed percent-encoding in the URL: ${route}`,
    route,
    request(w) {
      const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'];
      return call(method, pathWith(route, '%E0%A4%A'), endsSession(route) ? null : w.b.cookie, method === 'GET' ? undefined : plausibleBody(route, w));
    },
    expectStatus: 400,
    expectCode: 'bad_request',
    verify: expectFrameworkAnswerHeaders,
  },
]);
