import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sessions } from '../../../src/db/schema/sessions.js';
import { users } from '../../../src/db/schema/users.js';
import { workspaces } from '../../../src/db/schema/workspaces.js';
import { startBillingKit, type BillingKit } from '../../fakes/stripe/billing-test-kit.js';
import type { WireEvent } from '../../fakes/stripe/fake-stripe.js';
import { createProject, photo, processImage, requestUploadUrl, upload } from '../../support/staging-fixtures.js';
import { sessionCookieFrom, signUp, TEST_ORIGIN } from '../../support/test-app.js';

/**
 * The world every hostile case runs in: one app (billing against FakeStripe, in-process workers,
 * the fixed-latency engine) and two users. A (the victim) is a Pro subscriber who owns a project
 * with a staged image, a spare upload and a started checkout; B (the attacker) has an account,
 * a project and an upload of their own, plus a logged-out (replayable) and an expired session.
 */
export interface Actor {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export interface World {
  kit: BillingKit;
  app: FastifyInstance;
  dataDir: string;
  origin: string;
  a: Actor & {
    projectId: string;
    originalPath: string;
    originalThumbPath: string;
    stagedPath: string;
    stagedImageId: string;
    /** An upload of A's, not yet used in a project. */
    spareUploadPath: string;
    /** A local upload URL A already used (PUT done). */
    usedUploadUrl: string;
    /** A confirmed SetupIntent A has not completed yet. */
    setupIntentId: string;
    subscriptionId: string;
    /** A webhook event already delivered for A's subscription. */
    deliveredEvent: WireEvent;
    /** A session cookie of A's that was logged out (a replayed token). */
    loggedOutCookie: string;
    /** A's personal workspace (decision 041), of which A is the one member. */
    workspaceId: string;
  };
  b: Actor & {
    projectId: string;
    uploadPath: string;
    /** A session of B's whose expiry passed. */
    expiredCookie: string;
  };
  images: { bomb: Buffer; photo: Buffer };
  close(): Promise<void>;
}

export async function createWorld(): Promise<World> {
  const kit = await startBillingKit({ env: { STAGING_ENGINE: 'fixed-latency', FIXED_LATENCY_MS: '10', LOG_LEVEL: 'silent' }, jobs: true });
  const { app } = kit.t;
  const db = kit.t.database.db;
  try {
    const images = { photo: await photo(640, 480), bomb: await pixelBomb() };

    // A: a Pro subscriber with a staged image, a spare upload and a second checkout started (a card
    // form opened before subscribing: a subscribed user cannot start one, decision 031).
    const a = await signUp(app, { password: 'victim password 1' });
    const setupIntentId = await kit.cardSaved(a.cookie, 'business', 'monthly');
    const subscribed = await kit.subscribe(a.cookie, 'pro', 'monthly');
    if (subscribed.statusCode !== 200) throw new Error(`A could not subscribe: ${subscribed.body}`);
    const delivered = await kit.deliverPendingEvents();
    const [aRow] = await db.select().from(users).where(eq(users.id, a.user.id));
    const projectId = await createProject(app, a.cookie, 'Villa am See');
    const { uploadURL: usedUploadUrl, objectPath: imageURL } = await requestUploadUrl(app, a.cookie);
    const put = await app.inject({ method: 'PUT', url: usedUploadUrl, payload: images.photo, headers: { 'content-type': 'image/jpeg' } });
    if (put.statusCode !== 200) throw new Error(`A's upload failed: ${put.body}`);
    const staged = await processImage(app, a.cookie, { imageURL, projectId });
    if (staged.statusCode !== 200) throw new Error(`A's staging failed: ${staged.body}`);
    const detail = (await app.inject({ url: `/api/projects/${projectId}`, headers: { cookie: a.cookie } })).json() as {
      images: Array<{ id: string; isOriginal: boolean; filePath: string; thumbnailPath: string }>;
    };
    const original = detail.images.find((i) => i.isOriginal)!;
    const result = detail.images.find((i) => !i.isOriginal)!;
    const spareUploadPath = await upload(app, a.cookie, images.photo);
    const second = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: a.password } });
    const loggedOutCookie = sessionCookieFrom(second);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: loggedOutCookie } });
    const [aWorkspace] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, a.user.id));

    // B: an ordinary free user with a project and an upload.
    const b = await signUp(app, { password: 'attacker password 1' });
    const bProject = await createProject(app, b.cookie, 'Attacker');
    const bUpload = await upload(app, b.cookie, images.photo);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: b.email, password: b.password } });
    const expiredCookie = sessionCookieFrom(login);
    await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = (
      SELECT id FROM ${sessions} WHERE user_id = ${b.user.id} ORDER BY created_at DESC LIMIT 1)`);

    return {
      kit,
      app,
      dataDir: kit.t.config.dataDir,
      origin: TEST_ORIGIN,
      a: {
        id: a.user.id,
        email: a.email,
        password: a.password,
        cookie: a.cookie,
        projectId,
        originalPath: original.filePath,
        originalThumbPath: original.thumbnailPath,
        stagedPath: result.filePath,
        stagedImageId: result.id,
        spareUploadPath,
        usedUploadUrl,
        setupIntentId,
        subscriptionId: aRow!.stripeSubscriptionId!,
        deliveredEvent: delivered.find((e) => e.type === 'customer.subscription.created') ?? delivered[0]!,
        loggedOutCookie,
        workspaceId: aWorkspace!.id,
      },
      b: { id: b.user.id, email: b.email, password: b.password, cookie: b.cookie, projectId: bProject, uploadPath: bUpload, expiredCookie },
      images,
      close: () => kit.close(),
    };
  } catch (err) {
    await kit.close();
    throw err;
  }
}

/**
 * A decompression bomb: a real, valid greyscale PNG of 7200 x 7200 pixels (51.8 MP, 155 MB once
 * decoded as RGB) that compresses to about 50 KB.
 */
async function pixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 7200, height: 7200, channels: 3, background: '#000' } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}
