/**
 * Decision 046 against the fake Stripe through stripe-node: a cancelled Business keeps the team's
 * full access until the period ends; after customer.subscription.deleted the workspace is
 * read-only for everyone but its billing account (403 `workspace_read_only` on every kind of write),
 * while reads and downloads stay open.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceInvitations } from '../db/schema/workspaces.js';
import { WORKSPACE_WRITES } from './write-guard.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { addMember, inWorkspace, personalWorkspaceId, readOnlyFlag } from '../../test/support/workspace-fixtures.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit({ jobs: true, services: { engine: new ScriptedEngine() } });
});
afterAll(async () => {
  await kit?.close();
});

type Person = { cookie: string; userId: string };
const SLOW = { timeout: 120_000 };

/** The four kinds of write, each with what it needs prepared while writing was still allowed. */
function writes(app: BillingKit['t']['app'], cookie: string, projectId: string, imageURL: string) {
  return [
    app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Neues Objekt', category: 'virtual_staging' } }),
    app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { projectName: 'Test', size: 2048, contentType: 'image/jpeg' } }),
    processImage(app, cookie, { imageURL, projectId }),
    app.inject({ method: 'POST', url: `/api/projects/${projectId}/share`, headers: { cookie } }),
  ];
}
const outcome = async (responses: Array<Promise<{ statusCode: number; json(): { code?: string } }>>) => {
  const settled = [];
  // One after another: the stage must not race the project creation of the same person.
  for (const response of responses) {
    const r = await response;
    settled.push(r.statusCode >= 400 ? `${r.statusCode} ${r.json().code}` : r.statusCode);
  }
  return settled;
};

describe('Business ends (decision 046)', SLOW, () => {
  it('cancelled: full access until the period ends; then members view and download only, the billing account keeps writing', async () => {
    const { app } = kit.t;
    const owner: Person = await kit.newUser();
    expect((await kit.subscribe(owner.cookie, 'business', 'monthly')).statusCode).toBe(200);
    await kit.deliverPendingEvents();
    const subscriptionId = (await kit.account(owner.userId)).stripeSubscriptionId!;
    const workspaceId = await personalWorkspaceId(kit.t.database.db, owner.userId);
    const admin: Person = await kit.newUser();
    const member: Person = await kit.newUser();
    await addMember(kit.t.database.db, workspaceId, admin.userId, 'admin');
    await addMember(kit.t.database.db, workspaceId, member.userId, 'member');
    const as = (who: Person) => inWorkspace(who.cookie, workspaceId);
    // An invitation sent while Business ran, accepted only after it ended.
    const latecomer = await kit.newUser();
    const token = 'invitation-token-sent-during-business';
    await kit.t.database.db.insert(workspaceInvitations).values({
      workspaceId,
      email: latecomer.email,
      role: 'member',
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const projectId = await createProject(app, as(owner), 'Team-Objekt');
    const staged = await processImage(app, as(owner), { imageURL: await upload(app, as(owner), await photo(640, 480)), projectId });
    expect(staged.statusCode).toBe(200);
    const imagePath = staged.json().processedImagePath as string;
    // Photos uploaded while writing was allowed, staged after the end.
    const later = new Map<string, string>();
    for (const who of [owner, admin, member]) later.set(who.userId, await upload(app, as(who), await photo(640, 480)));

    // "Cancel plan": Business runs until the period's end (decision 017), and so does the team's access.
    const cancelled = await kit.post('/api/downgrade-to-free', owner.cookie);
    expect(cancelled.json()).toMatchObject({ subscriptionPlan: 'business', cancelAtPeriodEnd: true });
    await kit.deliverPendingEvents();
    expect(await readOnlyFlag(app, member.cookie, workspaceId)).toBe(false);
    const imageURL = await upload(app, as(member), await photo(640, 480));
    expect(await outcome(writes(app, as(member), projectId, imageURL))).toEqual([201, 200, 200, 200]);

    kit.fake.advanceBillingPeriod(subscriptionId);
    expect((await kit.deliverPendingEvents()).map((e) => e.type)).toContain('customer.subscription.deleted');
    expect((await kit.account(owner.userId)).subscriptionPlan).toBe('free');

    const readOnly = '403 workspace_read_only';
    for (const who of [admin, member]) {
      expect(await readOnlyFlag(app, who.cookie, workspaceId)).toBe(true);
      expect(await outcome(writes(app, as(who), projectId, later.get(who.userId)!))).toEqual([readOnly, readOnly, readOnly, readOnly]);
      const removal = await app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie: as(who) } });
      expect([removal.statusCode, removal.json().code]).toEqual([403, 'workspace_read_only']);
      // Reading and downloading stay open.
      const reads = await Promise.all([
        app.inject({ url: `/api/projects/${projectId}`, headers: { cookie: as(who) } }),
        app.inject({ url: `/api/projects/${projectId}/download.zip`, headers: { cookie: as(who) } }),
        app.inject({ url: `/objects${imagePath}`, headers: { cookie: as(who) } }),
      ]);
      expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      // In their own workspace they work as before.
      expect(await readOnlyFlag(app, who.cookie, await personalWorkspaceId(kit.t.database.db, who.userId))).toBe(false);
      expect((await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: who.cookie }, payload: { projectName: 'Test', size: 2048, contentType: 'image/jpeg' } })).statusCode).toBe(200);
    }

    // The one seat is taken: the invitation from Business times cannot be accepted any more.
    const accepted = await kit.post('/api/invitations/accept', latecomer.cookie, { token });
    expect([accepted.statusCode, accepted.json().code]).toEqual([409, 'seats_exhausted']);

    // The billing account works on in the workspace, on the free plan's credits.
    expect(await readOnlyFlag(app, owner.cookie, workspaceId)).toBe(false);
    expect(await outcome(writes(app, as(owner), projectId, later.get(owner.userId)!))).toEqual([201, 200, 200, 200]);
    expect(await kit.account(owner.userId)).toMatchObject({ creditsLimit: 6, creditsUsed: 3 });
  });

  it('every route the write guard names is a route of the app (a renamed route would slip past it)', () => {
    const missing = Object.keys(WORKSPACE_WRITES).filter((key) => {
      const [method, url] = key.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
      return !kit.t.app.hasRoute({ method, url });
    });
    expect(missing).toEqual([]);
    expect(Object.keys(WORKSPACE_WRITES)).toHaveLength(7);
  });
});
