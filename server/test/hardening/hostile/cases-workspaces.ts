import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, SCRIPT, SQL, type HostileCase } from './case.js';
import type { World } from './world.js';

/**
 * Workspaces (decision 041): the attacker cannot switch into, read, invite into, change, leave or
 * take over the victim's workspace. A `rw_workspace` cookie naming a workspace the caller is no
 * member of falls back to their personal one, so every attack acts on B's own workspace, where the
 * victim is no member (404) and B, its owner, can neither leave nor be removed (409). Made-up
 * invitation tokens find nothing (400 `token_invalid`). No session and a foreign Origin: cases-misc.ts.
 */
const RANDOM_UUID = '6f1c2d3e-4a5b-4c7d-8e9f-0a1b2c3d4e5f';
const A_TOKEN = 'A'.repeat(43);

async function attackersWorkspace(w: World): Promise<string> {
  const { rows } = await w.kit.t.database.pool.query<{ id: string }>('SELECT id FROM workspaces WHERE billing_user_id = $1', [w.b.id]);
  return rows[0]!.id;
}

/** B's session plus a workspace cookie naming the victim's personal workspace. */
const intoVictimWorkspace = (w: World) => `${w.b.cookie}; rw_workspace=${w.a.workspaceId}`;

function setsNoWorkspaceCookie(response: LightMyRequestResponse) {
  expect(String(response.headers['set-cookie'] ?? '')).not.toContain('rw_workspace=');
}

async function actsInOwnWorkspace(response: LightMyRequestResponse, w: World) {
  const team = response.json() as { workspace: { id: string }; members: Array<{ userId: string }>; invitations: unknown[] };
  expect(team.workspace.id).toBe(await attackersWorkspace(w));
  expect(team.members.map((m) => m.userId)).toEqual([w.b.id]);
  expect(team.invitations).toEqual([]);
}

export const workspaceCases: HostileCase[] = [
  {
    name: 'workspaces: a forged workspace cookie lists only the caller’s own',
    route: 'GET /api/workspaces',
    request: (w) => call('GET', '/api/workspaces', `${w.b.cookie}; rw_workspace=${encodeURIComponent(SQL)}`),
    expectStatus: 200,
    async verify(response, w) {
      const own = await attackersWorkspace(w);
      expect(response.json()).toEqual({ current: own, workspaces: [expect.objectContaining({ id: own, role: 'owner', personal: true })] });
    },
  },
  {
    name: 'workspaces: switching into the victim’s workspace is 404',
    route: 'POST /api/workspaces/current',
    request: (w) => call('POST', '/api/workspaces/current', w.b.cookie, { workspaceId: w.a.workspaceId }),
    expectStatus: 404,
    expectCode: 'not_found',
    verify: setsNoWorkspaceCookie,
  },
  { name: 'workspaces: switching to SQL', route: 'POST /api/workspaces/current', request: (w) => call('POST', '/api/workspaces/current', w.b.cookie, { workspaceId: SQL }), expectStatus: 400, expectCode: 'validation_failed', verify: setsNoWorkspaceCookie },
  {
    name: 'team: the victim’s workspace cookie shows the attacker’s own team',
    route: 'GET /api/workspace/team',
    request: (w) => call('GET', '/api/workspace/team', intoVictimWorkspace(w)),
    expectStatus: 200,
    verify: actsInOwnWorkspace,
  },
  {
    name: 'invite: into the victim’s workspace by its cookie takes a seat the attacker’s free plan lacks',
    route: 'POST /api/workspace/invitations',
    request: (w) => call('POST', '/api/workspace/invitations', intoVictimWorkspace(w), { email: 'accomplice@example.com', role: 'admin' }),
    expectStatus: 409,
    expectCode: 'seats_exhausted',
  },
  { name: 'invite: the owner role', route: 'POST /api/workspace/invitations', request: (w) => call('POST', '/api/workspace/invitations', w.b.cookie, { email: 'accomplice@example.com', role: 'owner' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'invite: script as the address', route: 'POST /api/workspace/invitations', request: (w) => call('POST', '/api/workspace/invitations', w.b.cookie, { email: `${SCRIPT}@example.com` }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'invite: an address with a header injection', route: 'POST /api/workspace/invitations', request: (w) => call('POST', '/api/workspace/invitations', w.b.cookie, { email: 'a@example.com\r\nBcc: all@example.com' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'revoke invitation: an unknown id is 404', route: 'DELETE /api/workspace/invitations/:id', request: (w) => call('DELETE', `/api/workspace/invitations/${RANDOM_UUID}`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'revoke invitation: SQL as id', route: 'DELETE /api/workspace/invitations/:id', request: (w) => call('DELETE', `/api/workspace/invitations/${encodeURIComponent(SQL)}`, w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'change role: the victim, through the victim’s workspace cookie, is 404',
    route: 'PATCH /api/workspace/members/:userId',
    request: (w) => call('PATCH', `/api/workspace/members/${w.a.id}`, intoVictimWorkspace(w), { role: 'member' }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  { name: 'change role: promoting oneself to owner', route: 'PATCH /api/workspace/members/:userId', request: (w) => call('PATCH', `/api/workspace/members/${w.b.id}`, w.b.cookie, { role: 'owner' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'change role: the owner is not changed', route: 'PATCH /api/workspace/members/:userId', request: (w) => call('PATCH', `/api/workspace/members/${w.b.id}`, w.b.cookie, { role: 'member' }), expectStatus: 409, expectCode: 'owner_cannot_leave' },
  {
    name: 'remove member: the victim, through the victim’s workspace cookie, is 404',
    route: 'DELETE /api/workspace/members/:userId',
    request: (w) => call('DELETE', `/api/workspace/members/${w.a.id}`, intoVictimWorkspace(w)),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  { name: 'remove member: a path in the id', route: 'DELETE /api/workspace/members/:userId', request: (w) => call('DELETE', `/api/workspace/members/..%2F..%2Fprojects%2F${w.a.projectId}`, w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'leave: through the victim’s workspace cookie the attacker would leave their own',
    route: 'POST /api/workspace/leave',
    request: (w) => call('POST', '/api/workspace/leave', intoVictimWorkspace(w)),
    expectStatus: 409,
    expectCode: 'owner_cannot_leave',
    verify: setsNoWorkspaceCookie,
  },
  {
    name: 'transfer: to the victim, who is no member, is 404',
    route: 'POST /api/workspace/transfer',
    request: (w) => call('POST', '/api/workspace/transfer', intoVictimWorkspace(w), { userId: w.a.id }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  { name: 'transfer: to oneself', route: 'POST /api/workspace/transfer', request: (w) => call('POST', '/api/workspace/transfer', w.b.cookie, { userId: w.b.id }), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'transfer: to an array of ids', route: 'POST /api/workspace/transfer', request: (w) => call('POST', '/api/workspace/transfer', w.b.cookie, { userId: [w.b.id, RANDOM_UUID] }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'invitation preview: a made-up token', route: 'GET /api/invitations', request: () => call('GET', `/api/invitations?token=${A_TOKEN}`), expectStatus: 400, expectCode: 'token_invalid' },
  { name: 'invitation preview: SQL as token', route: 'GET /api/invitations', request: () => call('GET', `/api/invitations?token=${encodeURIComponent(SQL)}`), expectStatus: 400, expectCode: 'token_invalid' },
  { name: 'invitation preview: no token', route: 'GET /api/invitations', request: () => call('GET', '/api/invitations'), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'invitation preview: a 5 000-character token', route: 'GET /api/invitations', request: () => call('GET', `/api/invitations?token=${'x'.repeat(5000)}`), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'accept invitation: a made-up token joins nothing',
    route: 'POST /api/invitations/accept',
    request: (w) => call('POST', '/api/invitations/accept', w.b.cookie, { token: A_TOKEN }),
    expectStatus: 400,
    expectCode: 'token_invalid',
    verify: setsNoWorkspaceCookie,
  },
  { name: 'accept invitation: the token as an object', route: 'POST /api/invitations/accept', request: (w) => call('POST', '/api/invitations/accept', w.b.cookie, { token: { $ne: null } }), expectStatus: 400, expectCode: 'validation_failed' },
];
