import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { startTestInbox, tokenIn, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/** Issue #24 (decision 041): a Business workspace shared by a team, every route by role. */
let inbox: TestInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ jobs: true, env: { SMTP_URL: inbox.url, MAIL_FROM: 'Raumwerk <mail@raumwerk.test>', REGISTER_LIMIT_PER_HOUR: '1000' }, services: { engine: new ScriptedEngine() } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

// Each test builds a team through the API and stages real images: generous on a busy machine.
const SLOW = { timeout: 120_000 };

type Person = { cookie: string; user: { id: string; email: string } };
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
/** The person's cookie while acting in the workspace (what the header's switcher sets). */
const isInvitation = (mail: { subject?: string }) => mail.subject?.startsWith('Invitation') ?? false;
const inWorkspace = (person: Person, workspaceId: string) => `${person.cookie}; rw_workspace=${workspaceId}`;

async function credits(userId: string) {
  const [row] = await t.database.db.select({ used: users.creditsUsed, limit: users.creditsLimit }).from(users).where(eq(users.id, userId));
  return row!;
}

/** An owner on Business (the plan as the Stripe webhook leaves it) with an admin and a member who joined by mail. */
async function businessTeam() {
  const owner = await signUp(t.app, { firstName: 'Olga' });
  await t.database.db.update(users).set({ subscriptionPlan: 'business', creditsLimit: 1000 }).where(eq(users.id, owner.user.id));
  const workspaceId = (await inject('GET', '/api/workspaces', owner.cookie)).json().current as string;
  const admin = await join(owner, workspaceId, 'admin');
  const member = await join(owner, workspaceId, 'member');
  return { owner, admin, member, workspaceId };
}

async function join(owner: Person, workspaceId: string, role: 'admin' | 'member'): Promise<Person> {
  const person = await signUp(t.app);
  const invited = await inject('POST', '/api/workspace/invitations', inWorkspace(owner, workspaceId), { email: person.email, role });
  expect(invited.statusCode).toBe(201);
  const token = tokenIn(await inbox.waitFor(person.email, isInvitation), '/invitation');
  const accepted = await inject('POST', '/api/invitations/accept', person.cookie, { token });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toEqual({ workspaceId });
  return person;
}

describe('personal workspaces', () => {
  it('every new user has one, owned, with their own plan; their projects are in it', async () => {
    const person = await signUp(t.app);
    const list = (await inject('GET', '/api/workspaces', person.cookie)).json();
    expect(list.workspaces).toEqual([{ id: list.current, name: 'Test', role: 'owner', plan: 'free', personal: true, readOnly: false }]);
    const projectId = await createProject(t.app, person.cookie);
    expect((await inject('GET', '/api/projects', person.cookie)).json().map((p: { id: string }) => p.id)).toEqual([projectId]);
  });
});

describe('invitations', SLOW, () => {
  it('are single use, for the invited and confirmed address only, and limited by the seats', async () => {
    const owner = await signUp(t.app);
    await t.database.db.update(users).set({ subscriptionPlan: 'business', creditsLimit: 1000 }).where(eq(users.id, owner.user.id));
    const workspaceId = (await inject('GET', '/api/workspaces', owner.cookie)).json().current as string;
    const invitee = await signUp(t.app, { verified: false });
    expect((await inject('POST', '/api/workspace/invitations', owner.cookie, { email: invitee.email.toUpperCase() })).statusCode).toBe(201);
    const mail = await inbox.waitFor(invitee.email, isInvitation);
    expect(mail.subject).toBe('Invitation to the workspace "Test"');
    const token = tokenIn(mail, '/invitation');
    expect((await inject('GET', `/api/invitations?token=${token}`)).json()).toMatchObject({ workspaceName: 'Test', email: invitee.email, role: 'member' });

    const stranger = await signUp(t.app);
    const wrong = await inject('POST', '/api/invitations/accept', stranger.cookie, { token });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'invitation_email_mismatch']);
    const unconfirmed = await inject('POST', '/api/invitations/accept', invitee.cookie, { token });
    expect([unconfirmed.statusCode, unconfirmed.json().code]).toEqual([403, 'email_not_verified']);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, invitee.user.id));
    expect((await inject('POST', '/api/invitations/accept', invitee.cookie, { token })).statusCode).toBe(200);
    const again = await inject('POST', '/api/invitations/accept', invitee.cookie, { token });
    expect([again.statusCode, again.json().code]).toEqual([400, 'token_invalid']);
    const twice = await inject('POST', '/api/workspace/invitations', owner.cookie, { email: invitee.email });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'already_member']);

    // Business: 5 seats, the owner and the member hold two; three open invitations fill the rest.
    for (let i = 0; i < 3; i++) expect((await inject('POST', '/api/workspace/invitations', owner.cookie, { email: `seat-${i}-${workspaceId}@example.com` })).statusCode).toBe(201);
    const full = await inject('POST', '/api/workspace/invitations', owner.cookie, { email: `seat-x-${workspaceId}@example.com` });
    expect([full.statusCode, full.json().code]).toEqual([409, 'seats_exhausted']);
    const team = (await inject('GET', '/api/workspace/team', owner.cookie)).json();
    expect([team.seats, team.seatsUsed, team.members.length, team.invitations.length]).toEqual([5, 5, 2, 3]);
  });

  it('accepting counts the seats exactly: the fifth person joins a five-seat workspace; after the plan drops to one seat, a second person is refused', async () => {
    const { owner, workspaceId } = await businessTeam();
    // Owner, admin, member and a fourth joined: four of five seats; the fifth takes the last one.
    await join(owner, workspaceId, 'member');
    await join(owner, workspaceId, 'member');
    expect((await inject('GET', '/api/workspace/team', owner.cookie)).json().members).toHaveLength(5);

    // A one-seat workspace holding its owner only: an invitation from Business times finds the seat taken.
    const solo = await signUp(t.app);
    await t.database.db.update(users).set({ subscriptionPlan: 'business', creditsLimit: 1000 }).where(eq(users.id, solo.user.id));
    const soloWorkspace = (await inject('GET', '/api/workspaces', solo.cookie)).json().current as string;
    const latecomer = await signUp(t.app);
    expect((await inject('POST', '/api/workspace/invitations', solo.cookie, { email: latecomer.email })).statusCode).toBe(201);
    const token = tokenIn(await inbox.waitFor(latecomer.email, isInvitation), '/invitation');
    await t.database.db.update(users).set({ subscriptionPlan: 'pro' }).where(eq(users.id, solo.user.id));
    const refused = await inject('POST', '/api/invitations/accept', latecomer.cookie, { token });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'seats_exhausted']);
    expect((await inject('GET', '/api/workspace/team', inWorkspace(solo, soloWorkspace))).json().members).toHaveLength(1);
  });

  it('a free workspace has one seat: inviting is refused', async () => {
    const owner = await signUp(t.app);
    const res = await inject('POST', '/api/workspace/invitations', owner.cookie, { email: 'someone-free@example.com' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'seats_exhausted']);
  });
});

describe('every route by role', SLOW, () => {
  it('owner, admin and member use the projects; non-members and removed members get 404', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    const outsider = await signUp(t.app);
    const removed = await join(owner, workspaceId, 'member');
    const ownerCookie = inWorkspace(owner, workspaceId);
    const projectId = await createProject(t.app, ownerCookie, 'Team-Objekt');
    const staged = await processImage(t.app, ownerCookie, { imageURL: await upload(t.app, ownerCookie, await photo(640, 480)), projectId });
    expect(staged.statusCode).toBe(200);
    const imagePath = staged.json().processedImagePath as string;
    const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.projectId, projectId));
    expect((await inject('DELETE', `/api/workspace/members/${removed.user.id}`, ownerCookie)).statusCode).toBe(200);

    const routes = (who: Person) => {
      const cookie = inWorkspace(who, workspaceId);
      return [
        inject('GET', `/api/projects/${projectId}`, cookie),
        inject('POST', `/api/projects/${projectId}/share`, cookie),
        inject('GET', `/api/projects/${projectId}/share`, cookie),
        inject('GET', `/api/projects/${projectId}/download.zip`, cookie),
        inject('GET', `/objects${imagePath}`, cookie),
        inject('GET', `/api/objects/download?path=${encodeURIComponent(imagePath)}&label=de`, cookie),
        inject('GET', `/api/staging-runs/${run!.id}/events`, cookie).then((r) => ({ statusCode: r.statusCode === 200 || r.statusCode === 204 ? 200 : r.statusCode })),
      ];
    };
    for (const who of [owner, admin, member]) {
      expect((await Promise.all(routes(who))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      const list = (await inject('GET', '/api/projects', inWorkspace(who, workspaceId))).json();
      expect(list.map((p: { id: string }) => p.id)).toEqual([projectId]);
    }
    for (const who of [outsider, removed]) {
      expect((await Promise.all(routes(who))).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
      // The cookie names a workspace they are not in: they act in their own, which does not hold the project.
      expect((await inject('GET', '/api/projects', inWorkspace(who, workspaceId))).json()).toEqual([]);
      expect((await inject('DELETE', `/api/projects/${projectId}`, inWorkspace(who, workspaceId))).statusCode).toBe(404);
    }
  });

  it('deleting someone else’s project needs admin; a member may delete their own; the project stays when its creator is removed', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    const ownersProject = await createProject(t.app, inWorkspace(owner, workspaceId));
    const membersProject = await createProject(t.app, inWorkspace(member, workspaceId));
    const refused = await inject('DELETE', `/api/projects/${ownersProject}`, inWorkspace(member, workspaceId));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden_role']);
    expect((await inject('DELETE', `/api/workspace/members/${member.user.id}`, inWorkspace(admin, workspaceId))).statusCode).toBe(200);
    expect((await inject('GET', `/api/projects/${membersProject}`, inWorkspace(owner, workspaceId))).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/projects/${ownersProject}`, inWorkspace(admin, workspaceId))).statusCode).toBe(200);
    const mine = await createProject(t.app, inWorkspace(admin, workspaceId));
    expect((await inject('DELETE', `/api/projects/${mine}`, inWorkspace(admin, workspaceId))).statusCode).toBe(200);
  });

  it('members, roles and billing: admin manages members, only the owner transfers, members get 403 forbidden_role', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    const as = (who: Person) => inWorkspace(who, workspaceId);
    const forbidden = async (res: Promise<{ statusCode: number; json(): { code: string } }>) => {
      const r = await res;
      return [r.statusCode, r.json().code];
    };
    expect(await forbidden(inject('POST', '/api/workspace/invitations', as(member), { email: 'm-invites@example.com' }))).toEqual([403, 'forbidden_role']);
    expect(await forbidden(inject('PATCH', `/api/workspace/members/${admin.user.id}`, as(member), { role: 'member' }))).toEqual([403, 'forbidden_role']);
    expect(await forbidden(inject('DELETE', `/api/workspace/members/${admin.user.id}`, as(member)))).toEqual([403, 'forbidden_role']);
    expect(await forbidden(inject('POST', '/api/billing/portal', as(member)))).toEqual([403, 'forbidden_role']);
    expect(await forbidden(inject('POST', '/api/downgrade-to-free', as(member)))).toEqual([403, 'forbidden_role']);
    expect(await forbidden(inject('POST', '/api/workspace/transfer', as(admin), { userId: member.user.id }))).toEqual([403, 'forbidden_role']);
    // Owner and admin pass the role check (billing itself is not configured in this test app).
    expect(await forbidden(inject('POST', '/api/billing/portal', as(admin)))).toEqual([503, 'billing_not_configured']);
    expect(await forbidden(inject('POST', '/api/billing/portal', as(owner)))).toEqual([503, 'billing_not_configured']);
    // Everyone reads the workspace's plan; the member's header shows the pool, not their own credits.
    expect((await inject('GET', '/api/billing/subscription', as(member))).json()).toMatchObject({ subscriptionPlan: 'business' });
    expect((await inject('GET', '/api/auth/user', as(member))).json()).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
    expect((await inject('GET', '/api/auth/user', member.cookie)).json()).toMatchObject({ subscriptionPlan: 'free', creditsLimit: 6 });

    expect((await inject('PATCH', `/api/workspace/members/${member.user.id}`, as(admin), { role: 'admin' })).statusCode).toBe(204);
    expect(await forbidden(inject('DELETE', `/api/workspace/members/${owner.user.id}`, as(admin)))).toEqual([409, 'owner_cannot_leave']);
    expect(await forbidden(inject('POST', '/api/workspace/leave', as(owner)))).toEqual([409, 'owner_cannot_leave']);

    // The owner cannot delete their account while the team is in their workspace.
    expect(await forbidden(inject('POST', '/api/account/deletion', owner.cookie))).toEqual([409, 'workspace_has_members']);
    expect((await inject('POST', '/api/account/deletion', member.cookie)).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/account/deletion', member.cookie)).statusCode).toBe(200);
    expect((await inject('POST', '/api/workspace/transfer', as(owner), { userId: admin.user.id })).statusCode).toBe(204);
    const roles = (await inject('GET', '/api/workspace/team', as(member))).json().members.map((m: { userId: string; role: string }) => [m.userId, m.role]);
    expect(roles).toEqual([
      [admin.user.id, 'owner'],
      [owner.user.id, 'admin'],
      [member.user.id, 'admin'],
    ]);
    expect((await inject('POST', '/api/workspace/leave', as(member))).statusCode).toBe(204);
    expect((await inject('GET', '/api/workspaces', member.cookie)).json().workspaces).toHaveLength(1);
  });
});

describe('the shared credit pool', SLOW, () => {
  it('two members staging at once cannot overspend it; their own free credits stay apart', async () => {
    const { owner, admin, member, workspaceId } = await businessTeam();
    await t.database.db.update(users).set({ creditsUsed: 999 }).where(eq(users.id, owner.user.id));
    const stage = async (who: Person) => {
      const cookie = inWorkspace(who, workspaceId);
      const projectId = await createProject(t.app, cookie);
      const imageURL = await upload(t.app, cookie, await photo(640, 480));
      return { cookie, projectId, imageURL };
    };
    const ready = await Promise.all([stage(admin), stage(member)]);
    const results = await Promise.all(ready.map((r) => processImage(t.app, r.cookie, { imageURL: r.imageURL, projectId: r.projectId })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(await credits(owner.user.id)).toEqual({ used: 1000, limit: 1000 });
    expect(await credits(admin.user.id)).toEqual({ used: 0, limit: 6 });
    expect(await credits(member.user.id)).toEqual({ used: 0, limit: 6 });
    const winner = ready[results.findIndex((r) => r.statusCode === 200)]!;
    const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.projectId, winner.projectId));
    expect(run).toMatchObject({ state: 'charged', creditsUserId: owner.user.id });

    // In their personal workspace the member stages with their own credits.
    const own = await createProject(t.app, member.cookie);
    expect((await processImage(t.app, member.cookie, { imageURL: await upload(t.app, member.cookie, await photo(640, 480)), projectId: own })).statusCode).toBe(200);
    expect(await credits(member.user.id)).toEqual({ used: 1, limit: 6 });
    expect(await credits(owner.user.id)).toEqual({ used: 1000, limit: 1000 });
  });
});
