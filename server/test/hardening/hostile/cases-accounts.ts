import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { issueAccountToken } from '../../../src/auth/account-tokens.js';
import { users } from '../../../src/db/schema/users.js';
import { signUp, uniqueEmail } from '../../support/test-app.js';
import { call, NUL, oversizedJson, rawBody, SQL, type HostileCase } from './case.js';
import type { World } from './world.js';

/** The mailed-link routes of issue #10: forged and misused tokens, other people's addresses, unconfirmed accounts. */
let ip = 0;
const fromElsewhere = () => ({ remoteAddress: `192.0.2.${(ip += 1)}` });
const FORGED = 'A'.repeat(43);

async function stillSignedIn(world: World, cookie: string) {
  expect((await world.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
}
async function passwordHashOf(world: World, id: string) {
  const [row] = await world.kit.t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

export const accountCases: HostileCase[] = [
  { name: 'verify-email: a forged token', route: 'POST /api/auth/verify-email', request: () => ({ ...call('POST', '/api/auth/verify-email', null, { token: FORGED }), ...fromElsewhere() }), expectStatus: 400, expectCode: 'token_invalid' },
  { name: 'verify-email: SQL as the token', route: 'POST /api/auth/verify-email', request: () => call('POST', '/api/auth/verify-email', null, { token: SQL }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'verify-email: a token object ($ne)', route: 'POST /api/auth/verify-email', request: () => call('POST', '/api/auth/verify-email', null, { token: { $ne: null } }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'verify-email: a 2 MB body', route: 'POST /api/auth/verify-email', request: () => rawBody('POST', '/api/auth/verify-email', null, oversizedJson()), expectStatus: 413, expectCode: 'payload_too_large' },
  {
    name: 'verify-email: a password-reset token of the attacker does not confirm anything',
    route: 'POST /api/auth/verify-email',
    async request(w) {
      const token = await issueAccountToken(w.kit.t.database.db, w.b.id, 'reset_password', w.b.email);
      return { ...call('POST', '/api/auth/verify-email', null, { token }), ...fromElsewhere() };
    },
    expectStatus: 400,
    expectCode: 'token_invalid',
  },
  {
    name: 'verify-email/resend: an address that is confirmed already',
    route: 'POST /api/auth/verify-email/resend',
    request: (w) => call('POST', '/api/auth/verify-email/resend', w.b.cookie, {}),
    expectStatus: 409,
    expectCode: 'email_already_verified',
  },
  {
    name: 'password-reset/request: the victim’s address from a stranger answers like any other and ends nothing',
    route: 'POST /api/auth/password-reset/request',
    request: (w) => ({ ...call('POST', '/api/auth/password-reset/request', null, { email: w.a.email }), ...fromElsewhere() }),
    expectStatus: 202,
    async verify(response, world) {
      expect(response.json()).toEqual({ accepted: true });
      await stillSignedIn(world, world.a.cookie);
    },
  },
  {
    name: 'password-reset/request: an unknown address gets the same 202',
    route: 'POST /api/auth/password-reset/request',
    request: () => ({ ...call('POST', '/api/auth/password-reset/request', null, { email: uniqueEmail('ghost') }), ...fromElsewhere() }),
    expectStatus: 202,
    verify: (response) => expect(response.json()).toEqual({ accepted: true }),
  },
  {
    name: 'password-reset/request: SQL in the e-mail',
    route: 'POST /api/auth/password-reset/request',
    request: () => ({ ...call('POST', '/api/auth/password-reset/request', null, { email: `x${SQL}@example.com` }), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'password-reset: a forged token changes no password',
    route: 'POST /api/auth/password-reset',
    request: () => ({ ...call('POST', '/api/auth/password-reset', null, { token: FORGED, password: 'attacker password' }), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'token_invalid',
  },
  {
    name: 'password-reset: a verification token of the attacker is not a reset token',
    route: 'POST /api/auth/password-reset',
    async request(w) {
      const token = await issueAccountToken(w.kit.t.database.db, w.b.id, 'verify_email', w.b.email);
      return { ...call('POST', '/api/auth/password-reset', null, { token, password: 'attacker password' }), ...fromElsewhere() };
    },
    expectStatus: 400,
    expectCode: 'token_invalid',
    async verify(_response, world) {
      await stillSignedIn(world, world.b.cookie);
    },
  },
  {
    name: 'password-reset: NUL in the new password is refused before hashing',
    route: 'POST /api/auth/password-reset',
    request: () => call('POST', '/api/auth/password-reset', null, { token: FORGED, password: 'x'.repeat(300) + NUL }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'password change: the wrong current password (the victim’s) changes nothing',
    route: 'PUT /api/auth/password',
    async request(w) {
      (w as World & { bHash?: string | null }).bHash = await passwordHashOf(w, w.b.id);
      return call('PUT', '/api/auth/password', w.b.cookie, { currentPassword: w.a.password, newPassword: 'a brand new one' });
    },
    expectStatus: 403,
    expectCode: 'wrong_password',
    async verify(_response, world) {
      expect(await passwordHashOf(world, world.b.id)).toBe((world as World & { bHash?: string | null }).bHash);
    },
  },
  {
    name: 'password change: a new password too short',
    route: 'PUT /api/auth/password',
    request: (w) => call('PUT', '/api/auth/password', w.b.cookie, { currentPassword: w.b.password, newPassword: 'short' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'confirm-email: a forged token',
    route: 'POST /api/auth/confirm-email',
    request: () => ({ ...call('POST', '/api/auth/confirm-email', null, { token: FORGED }), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'token_invalid',
  },
  {
    name: 'confirm-email: a change token for an address that is not pending does not move the account',
    route: 'POST /api/auth/confirm-email',
    async request(w) {
      const token = await issueAccountToken(w.kit.t.database.db, w.b.id, 'change_email', w.a.email);
      return { ...call('POST', '/api/auth/confirm-email', null, { token }), ...fromElsewhere() };
    },
    expectStatus: 400,
    expectCode: 'token_invalid',
    async verify(_response, world) {
      expect((await world.app.inject({ url: '/api/auth/user', headers: { cookie: world.b.cookie } })).json().email).toBe(world.b.email);
    },
  },
  {
    name: 'profile: a new e-mail without the current password',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { email: uniqueEmail('elsewhere') }),
    expectStatus: 400,
    expectCode: 'current_password_required',
  },
  {
    name: 'profile: a new e-mail with the victim’s password instead of one’s own',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { email: uniqueEmail('elsewhere'), currentPassword: w.a.password }),
    expectStatus: 403,
    expectCode: 'wrong_password',
  },
  {
    name: 'upload: an account whose address is not confirmed',
    route: 'POST /api/objects/upload',
    async request(w) {
      const { cookie } = await signUp(w.app, { verified: false, email: uniqueEmail('unconfirmed') });
      return call('POST', '/api/objects/upload', cookie, {});
    },
    expectStatus: 403,
    expectCode: 'email_not_verified',
  },
  {
    name: 'process-image: an account whose address is not confirmed cannot stage (not even the victim’s image)',
    route: 'POST /api/process-image',
    async request(w) {
      const { cookie } = await signUp(w.app, { verified: false, email: uniqueEmail('unconfirmed') });
      return call('POST', '/api/process-image', cookie, { imageURL: `/objects${w.a.originalPath}`, projectId: w.a.projectId, styleName: 'Modern Staging', isRegeneration: false });
    },
    expectStatus: 403,
    expectCode: 'email_not_verified',
  },
];
