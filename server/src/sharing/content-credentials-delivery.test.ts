import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { findModel } from '../economics/model-registry.js';
import { users } from '../db/schema/users.js';
import { readCredentials, sha256Hex } from '../images/content-credentials.js';
import { issueChain, type IssuedChain } from '../images/signing-identity.js';
import { bearer, businessUser, uploadPhoto } from '../../test/support/api-client.js';
import { validateCredentials, withOneByteChanged } from '../../test/support/c2pa-validator.js';
import {
  createProject,
  photo,
  processImage,
  ScriptedEngine,
  upload,
} from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { zipEntries } from '../../test/support/zip-entries.js';

/**
 * Issue 41 items 1–2 (decision 060): every kind of delivered staged JPEG carries Content Credentials
 * signed with the operator's certificate (C2PA_SIGNING_CERT / C2PA_SIGNING_KEY), read back by a
 * validator whose trust list holds only the operator's root; one changed byte fails it.
 */
const FLOW_TIMEOUT_MS = 180_000;
let t: TestApp;
let operator: IssuedChain;
beforeAll(async () => {
  operator = await issueChain({
    rootName: 'CN=Operator Test Root',
    signerName: 'CN=Raumwerk signer, O=Raumwerk Test Operator',
  });
  t = await createTestApp({
    jobs: true,
    services: {
      engine: new ScriptedEngine([], 'ok'),
      retryPolicy: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
    },
    env: { C2PA_SIGNING_CERT: operator.certificatesPem, C2PA_SIGNING_KEY: operator.privateKeyPem },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

/** Valid against the operator's root, and invalid once one byte of its image data changes. */
async function expectCredentialed(bytes: Buffer, what: string) {
  const check = await validateCredentials(bytes, operator.rootPem);
  expect(check.failures, what).toEqual([]);
  expect(check.valid, what).toBe(true);
  expect(check.signer, what).toContain('Raumwerk Test Operator');
  const tampered = await validateCredentials(withOneByteChanged(bytes), operator.rootPem);
  expect(tampered.valid, `${what}, one byte changed`).toBe(false);
  expect(tampered.failures, `${what}, one byte changed`).toContain(
    'library: assertion.dataHash.mismatch',
  );
}

describe('Content Credentials on every delivered staged JPEG', () => {
  it(
    'download, labelled download, zip entries (plain and labelled) and the share page image are signed; each names the original by its hash',
    async () => {
      const { cookie, user } = await signUp(t.app);
      await t.database.db
        .update(users)
        .set({ subscriptionPlan: 'pro', creditsLimit: 50 })
        .where(eq(users.id, user.id));
      const projectId = await createProject(t.app, cookie, 'Altbau Süd');
      const res = await processImage(t.app, cookie, {
        imageURL: await upload(t.app, cookie, await photo(800, 600)),
        projectId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t.database.db
        .select()
        .from(projectImages)
        .where(eq(projectImages.projectId, projectId));
      const staged = rows.find((r) => !r.isOriginal)!;
      const original = rows.find((r) => r.isOriginal)!;
      const originalBytes = (await get(`/objects${original.filePath}`, cookie)).rawPayload;

      const download = (
        await get(`/api/objects/download?path=${encodeURIComponent(staged.filePath)}`, cookie)
      ).rawPayload;
      await expectCredentialed(download, 'download');
      const facts = readCredentials(download)!.facts;
      expect(facts).toMatchObject({
        service: 'staging',
        model: staged.engine,
        original: { sha256: sha256Hex(originalBytes), format: 'image/jpeg' },
        lock: {
          aligned: true,
          changedShare: staged.changedShare,
          architectureScore: staged.architectureScore,
        },
      });
      expect(facts.label).toBeUndefined();

      const labelled = (
        await get(
          `/api/objects/download?path=${encodeURIComponent(staged.filePath)}&label=de`,
          cookie,
        )
      ).rawPayload;
      await expectCredentialed(labelled, 'labelled download');
      expect(readCredentials(labelled)!.facts).toEqual({ ...facts, label: 'de' });

      const zip = await zipEntries(
        (await get(`/api/projects/${projectId}/download.zip?originals=1`, cookie)).rawPayload,
      );
      const stagedEntry = zip.find((e) => e.name.endsWith('-staged.jpg'))!;
      await expectCredentialed(stagedEntry.data, 'zip entry');
      // The original beside it is the file the credentials name.
      expect(sha256Hex(zip.find((e) => e.name.endsWith('-original.jpg'))!.data)).toBe(
        facts.original.sha256,
      );
      const labelledZip = await zipEntries(
        (await get(`/api/projects/${projectId}/download.zip?label=en`, cookie)).rawPayload,
      );
      const labelledEntry = labelledZip.find((e) => e.name.endsWith('-labelled.jpg'))!;
      await expectCredentialed(labelledEntry.data, 'labelled zip entry');
      expect(readCredentials(labelledEntry.data)!.facts.label).toBe('en');

      const { url } = (
        await t.app.inject({
          method: 'POST',
          url: `/api/projects/${projectId}/share`,
          headers: { cookie },
        })
      ).json() as { url: string };
      const token = url.split('/s/')[1]!;
      await expectCredentialed(
        (await get(`/api/share/${token}/images/${staged.id}`)).rawPayload,
        'share page image',
      );
      // The page's panel states what the file's manifest says, and who signed it.
      const page = (await get(`/api/share/${token}`)).json();
      expect(page.pairs[0].credentials).toEqual({
        madeWith: findModel(staged.engine!)?.label ?? staged.engine,
        createdAt: staged.createdAt.toISOString(),
        service: 'staging',
        changedShare: staged.changedShare,
        architectureScore: staged.architectureScore,
        signedBy: 'Raumwerk Test Operator',
        developmentCertificate: false,
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'an API render result is signed',
    async () => {
      const caller = await businessUser(t.app);
      const photoId = await uploadPhoto(t.app, caller.key, await photo(1200, 900));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/renders',
        headers: bearer(caller.key),
        payload: { photoId },
      });
      expect(created.statusCode, created.body).toBe(202);
      const id = created.json().id as string;
      let render: { status: string; results: Array<{ downloadUrl: string }> };
      for (;;) {
        render = (
          await t.app.inject({ url: `/api/v1/renders/${id}`, headers: bearer(caller.key) })
        ).json();
        if (render.status === 'completed' || render.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(render.status).toBe('completed');
      const result = await t.app.inject({
        url: render.results[0]!.downloadUrl,
        headers: bearer(caller.key),
      });
      expect(result.statusCode).toBe(200);
      await expectCredentialed(result.rawPayload, 'API result');
    },
    FLOW_TIMEOUT_MS,
  );
});
