import { expect } from 'vitest';
import { call, rawBody, SCRIPT, SQL, type HostileCase } from './case.js';
import type { World } from './world.js';

/**
 * Branding (decision 045): the attacker can neither read nor change the victim's workspace branding
 * (404 for a workspace they are no member of), cannot brand their own free workspace (403
 * `plan_required`), and a made-up share token has no logo. No session and a foreign Origin:
 * cases-misc.ts; NUL and bad percent-encoding: cases-encoding.ts.
 */
const brandingUrl = (w: World) => `/api/workspaces/${w.a.workspaceId}/branding`;
const PNG_1x1 = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function victimHasNoBranding(_response: unknown, w: World) {
  const { rows } = await w.kit.t.database.pool.query('SELECT 1 FROM workspace_branding WHERE workspace_id = $1', [w.a.workspaceId]);
  expect(rows).toEqual([]);
}

export const brandingCases: HostileCase[] = [
  { name: 'branding: reading the victim’s workspace', route: 'GET /api/workspaces/:workspaceId/branding', request: (w) => call('GET', brandingUrl(w), w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  {
    name: 'branding: writing the victim’s workspace',
    route: 'PUT /api/workspaces/:workspaceId/branding',
    request: (w) => call('PUT', brandingUrl(w), w.b.cookie, { displayName: 'Pwned', website: 'evil.example' }),
    expectStatus: 404,
    expectCode: 'not_found',
    verify: victimHasNoBranding,
  },
  {
    name: 'branding: script in the fields of the attacker’s own free workspace',
    route: 'PUT /api/workspaces/:workspaceId/branding',
    async request(w) {
      const { rows } = await w.kit.t.database.pool.query<{ id: string }>('SELECT id FROM workspaces WHERE billing_user_id = $1', [w.b.id]);
      return call('PUT', `/api/workspaces/${rows[0]!.id}/branding`, w.b.cookie, { displayName: SCRIPT, contactName: SQL });
    },
    expectStatus: 403,
    expectCode: 'plan_required',
  },
  { name: 'branding: SQL as the workspace id', route: 'PUT /api/workspaces/:workspaceId/branding', request: (w) => call('PUT', `/api/workspaces/${encodeURIComponent(SQL)}/branding`, w.b.cookie, {}), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'branding: a logo into the victim’s workspace',
    route: 'PUT /api/workspaces/:workspaceId/branding/logo',
    request: (w) => rawBody('PUT', `${brandingUrl(w)}/logo`, w.b.cookie, PNG_1x1, 'image/png'),
    expectStatus: 404,
    expectCode: 'not_found',
    verify: victimHasNoBranding,
  },
  {
    name: 'branding: HTML as a logo',
    route: 'PUT /api/workspaces/:workspaceId/branding/logo',
    request: (w) => rawBody('PUT', `${brandingUrl(w)}/logo`, w.b.cookie, SCRIPT, 'text/html'),
    expectStatus: 415,
    expectCode: 'unsupported_media_type',
  },
  { name: 'branding: the victim’s logo', route: 'GET /api/workspaces/:workspaceId/branding/logo', request: (w) => call('GET', `${brandingUrl(w)}/logo`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'branding: removing the victim’s logo', route: 'DELETE /api/workspaces/:workspaceId/branding/logo', request: (w) => call('DELETE', `${brandingUrl(w)}/logo`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'shared logo: a made-up token', route: 'GET /api/share/:token/logo', request: () => call('GET', `/api/share/${'z'.repeat(43)}/logo`), expectStatus: 404, expectCode: 'not_found' },
];
