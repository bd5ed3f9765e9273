import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';
import { workspaceInvitations, workspaceMembers } from '../db/schema/workspaces.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { memberships, type WorkspaceAccess } from './access.js';
import { acceptInvitation, INVITATION_TTL_MS, invite, previewInvitation, revokeInvitation } from './invitations.js';

/**
 * invitations.ts against PostgreSQL, function by function (the routes and the real mail are in
 * workspaces.test.ts). The mailer is the app's outbox interface, recording what would be queued.
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message), track: () => {}, close: async () => {} };
const deps = () => ({ db, mailer, publicUrl: 'https://raumwerk.example' });
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
});
afterAll(async () => {
  await handle?.drop();
});

async function person(values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const id = await insertUser(db);
  const [row] = await db.update(users).set({ emailVerifiedAt: new Date(), ...values }).where(eq(users.id, id)).returning();
  return row!;
}

/** An owner on `plan` and their workspace as the owner acts in it. */
async function workspaceOf(plan: 'business' | 'pro' = 'business', firstName = 'Olga') {
  const owner = await person({ subscriptionPlan: plan, firstName, lastName: 'Kranz' });
  const [access] = await memberships(db, owner.id);
  return { owner, access: access! };
}

/** The token of the last invitation mailed to `email`. */
function tokenFor(email: string): string {
  const mail = sent.filter((m) => m.to === email).at(-1)!;
  return new URL((mail.data as { url: string }).url).searchParams.get('token')!;
}

const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (err: { statusCode: number; code: string }) => `${err.statusCode} ${err.code}`);
const message = (promise: Promise<unknown>) => promise.then(() => 'ok', (err: Error) => err.message);
const membersOf = async (workspaceId: string) => (await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))).length;

describe('invite', () => {
  it('mails a single-use link with the workspace, the inviter and the language; the invitation holds a seat for 7 days', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    const { id } = await invite(deps(), access, owner, { email: invitee.email, role: 'admin' }, 'de');
    const mail = sent.at(-1)!;
    expect(mail).toMatchObject({ to: invitee.email, language: 'de', template: 'workspace_invitation', data: { workspaceName: access.name, inviter: 'Olga Kranz' } });
    expect((mail.data as { url: string }).url).toMatch(/^https:\/\/raumwerk\.example\/invitation\?token=[\w-]{43}$/);
    const [row] = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, id));
    expect(row).toMatchObject({ email: invitee.email, role: 'admin', invitedByUserId: owner.id, acceptedAt: null });
    expect(row!.tokenHash).not.toContain(tokenFor(invitee.email));
    expect(INVITATION_TTL_MS).toBe(7 * 86_400_000);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(await previewInvitation(db, tokenFor(invitee.email))).toEqual({ workspaceName: access.name, email: invitee.email, role: 'admin', expiresAt: row!.expiresAt.toISOString() });
  });

  it('names the inviter by address when they have no name', async () => {
    const { owner, access } = await workspaceOf();
    const nameless = { ...owner, firstName: null, lastName: null };
    await invite(deps(), access, nameless, { email: `anon-${owner.id}@example.com`, role: 'member' }, 'en');
    expect(sent.at(-1)!.data).toMatchObject({ inviter: owner.email });
  });

  it('refuses a member without the role (403), a member’s address (409 already_member), and past the seats (409 seats_exhausted)', async () => {
    const { owner, access } = await workspaceOf();
    const memberAccess: WorkspaceAccess = { ...access, role: 'member' };
    expect(await code(invite(deps(), memberAccess, owner, { email: 'x@example.com', role: 'member' }, 'en'))).toBe('403 forbidden_role');
    expect(await code(invite(deps(), access, owner, { email: owner.email.toLowerCase(), role: 'member' }, 'en'))).toBe('409 already_member');
    // 5 seats: the owner and four open invitations fill them; inviting the same address again replaces its invitation.
    for (let i = 0; i < 4; i++) await invite(deps(), access, owner, { email: `seat-${i}-${owner.id}@example.com`, role: 'member' }, 'en');
    expect(await code(invite(deps(), access, owner, { email: `seat-0-${owner.id}@example.com`, role: 'admin' }, 'en'))).toBe('ok');
    expect(await code(invite(deps(), access, owner, { email: `seat-x-${owner.id}@example.com`, role: 'member' }, 'en'))).toBe('409 seats_exhausted');
    const open = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, access.workspaceId));
    expect(open.map((i) => [i.email, i.role]).sort()).toEqual([0, 1, 2, 3].map((i) => [`seat-${i}-${owner.id}@example.com`, i === 0 ? 'admin' : 'member']));
  });

  it('two invitations sent at once for the last seat: exactly one is sent', async () => {
    const { owner, access } = await workspaceOf();
    for (let i = 0; i < 3; i++) await invite(deps(), access, owner, { email: `held-${i}-${owner.id}@example.com`, role: 'member' }, 'en');
    const both = await Promise.all([0, 1].map((i) => code(invite(deps(), access, owner, { email: `last-${i}-${owner.id}@example.com`, role: 'member' }, 'en'))));
    expect(both.sort()).toEqual(['409 seats_exhausted', 'ok']);
    expect(await message(invite(deps(), access, owner, { email: `more-${owner.id}@example.com`, role: 'member' }, 'en'))).toBe(
      'All 5 seats of this workspace are taken (members and open invitations). Remove someone or contact sales for more seats.',
    );
  });

  it('a replaced invitation’s link stops working; an expired one frees its seat', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    const first = tokenFor(invitee.email);
    await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    expect(await code(previewInvitation(db, first))).toBe('400 token_invalid');
    for (let i = 0; i < 3; i++) await invite(deps(), access, owner, { email: `more-${i}-${owner.id}@example.com`, role: 'member' }, 'en');
    await db.update(workspaceInvitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(workspaceInvitations.email, invitee.email));
    expect(await code(invite(deps(), access, owner, { email: `late-${owner.id}@example.com`, role: 'member' }, 'en'))).toBe('ok');
    expect(await code(acceptInvitation(db, invitee, tokenFor(invitee.email)))).toBe('400 token_invalid');
  });
});

describe('revokeInvitation', () => {
  it('withdraws an open invitation of the workspace (its link stops working); others’ and unknown ones are 404; members get 403', async () => {
    const { owner, access } = await workspaceOf();
    const other = await workspaceOf();
    const invitee = await person();
    const { id } = await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    expect(await code(revokeInvitation(db, { ...access, role: 'member' }, id))).toBe('403 forbidden_role');
    expect(await code(revokeInvitation(db, other.access, id))).toBe('404 not_found');
    expect(await message(revokeInvitation(db, other.access, id))).toBe('Invitation not found');
    expect(await code(revokeInvitation(db, access, id))).toBe('ok');
    expect(await code(revokeInvitation(db, access, id))).toBe('404 not_found');
    expect(await code(acceptInvitation(db, invitee, tokenFor(invitee.email)))).toBe('400 token_invalid');
  });

  it('cannot withdraw an invitation once accepted', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    const { id } = await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    await acceptInvitation(db, invitee, tokenFor(invitee.email));
    expect(await code(revokeInvitation(db, access, id))).toBe('404 not_found');
    expect(await membersOf(access.workspaceId)).toBe(2);
  });
});

describe('acceptInvitation', () => {
  it('the invitee joins with the invited role, once; the address is compared without case', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    await invite(deps(), access, owner, { email: invitee.email, role: 'admin' }, 'en');
    const token = tokenFor(invitee.email);
    expect(await acceptInvitation(db, { ...invitee, email: invitee.email.toUpperCase() }, token)).toEqual({ workspaceId: access.workspaceId });
    const [joined] = await memberships(db, invitee.id, access.workspaceId);
    expect(joined).toMatchObject({ role: 'admin', workspaceId: access.workspaceId });
    expect(await code(acceptInvitation(db, invitee, token))).toBe('400 token_invalid');
    expect(await code(previewInvitation(db, token))).toBe('400 token_invalid');
  });

  it('refuses another address (403, the link stays usable), an unconfirmed address (403), an unknown token (400)', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    const stranger = await person();
    await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    const token = tokenFor(invitee.email);
    expect(await code(acceptInvitation(db, stranger, token))).toBe('403 invitation_email_mismatch');
    expect(await message(acceptInvitation(db, stranger, token))).toBe(`This invitation is for ${invitee.email}. Sign in with that address to accept it.`);
    expect(await code(acceptInvitation(db, { ...invitee, emailVerifiedAt: null }, token))).toBe('403 email_not_verified');
    expect(await message(acceptInvitation(db, { ...invitee, emailVerifiedAt: null }, token))).toBe('Please confirm your e-mail address first: open the link in the e-mail we sent you.');
    expect(await code(acceptInvitation(db, invitee, 'A'.repeat(43)))).toBe('400 token_invalid');
    expect(await message(acceptInvitation(db, invitee, 'A'.repeat(43)))).toBe('This invitation is invalid, was already used or has expired. Ask for a new one.');
    expect(await code(acceptInvitation(db, invitee, token))).toBe('ok');
  });

  it('someone already in the workspace gets 409 already_member and the link stays unused', async () => {
    const { owner, access } = await workspaceOf();
    const invitee = await person();
    await invite(deps(), access, owner, { email: invitee.email, role: 'member' }, 'en');
    await db.insert(workspaceMembers).values({ workspaceId: access.workspaceId, userId: invitee.id, role: 'member' });
    expect(await code(acceptInvitation(db, invitee, tokenFor(invitee.email)))).toBe('409 already_member');
    expect(await message(acceptInvitation(db, invitee, tokenFor(invitee.email)))).toBe('You are already a member of this workspace.');
    const [row] = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, invitee.email));
    expect(row!.acceptedAt).toBeNull();
  });

  it('counts the seats exactly: the fifth joins a five-seat workspace; a one-seat workspace with its owner refuses the next', async () => {
    const { owner, access } = await workspaceOf();
    const people = [await person(), await person(), await person(), await person()];
    for (const p of people) await invite(deps(), access, owner, { email: p.email, role: 'member' }, 'en');
    for (const p of people) expect(await code(acceptInvitation(db, p, tokenFor(p.email)))).toBe('ok');
    expect(await membersOf(access.workspaceId)).toBe(5);

    const solo = await workspaceOf('business');
    const latecomer = await person();
    await invite(deps(), solo.access, solo.owner, { email: latecomer.email, role: 'member' }, 'en');
    await db.update(users).set({ subscriptionPlan: 'pro' }).where(eq(users.id, solo.owner.id));
    expect(await code(acceptInvitation(db, latecomer, tokenFor(latecomer.email)))).toBe('409 seats_exhausted');
    expect(await membersOf(solo.access.workspaceId)).toBe(1);
  });
});
