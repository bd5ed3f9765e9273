import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { startTestInbox, tokenIn, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/support/test-app.js';

/** Decision 033: every mail is a job; the job queue delivers it, retries it, and admins see what failed. */
const VERIFY_SUBJECT = 'Please confirm your e-mail address';

async function mailJobs(t: TestApp, to: string) {
  const { rows } = await t.database.db.execute(
    sql`SELECT state, retry_count AS "retryCount" FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = ${to} ORDER BY created_on`,
  );
  return rows as Array<{ state: string; retryCount: number }>;
}

/** Polls the job table until `done` holds (the queue works on its own schedule). */
async function until(
  t: TestApp,
  to: string,
  done: (jobs: Array<{ state: string; retryCount: number }>) => boolean,
) {
  for (let i = 0; i < 600; i += 1) {
    const jobs = await mailJobs(t, to);
    if (done(jobs)) return jobs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `mail jobs to ${to} never reached the expected state: ${JSON.stringify(await mailJobs(t, to))}`,
  );
}

const register = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct horse battery', firstName: 'Olga' },
    headers: { 'accept-language': 'en' },
  });

describe('mail outbox over SMTP', () => {
  let inbox: TestInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await createTestApp({
      jobs: true,
      env: {
        SMTP_URL: inbox.url,
        MAIL_RETRY_LIMIT: '100',
        MAIL_RETRY_DELAY_S: '1',
        MAIL_RETRY_DELAY_MAX_S: '1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('keeps a verification mail while SMTP is down and delivers it exactly once when it is back', async () => {
    await inbox.stop();
    const email = uniqueEmail('outage');
    const res = await register(t, email);
    expect(res.statusCode).toBe(201);
    // Stored before the answer, and refused by the closed port for a few attempts.
    expect((await mailJobs(t, email)).length).toBe(1);
    const refused = await until(t, email, (jobs) => jobs[0]!.retryCount >= 3);
    expect(refused).toHaveLength(1);
    // Waiting for its next attempt, or in one.
    expect(['retry', 'active']).toContain(refused[0]!.state);
    expect(inbox.to(email)).toHaveLength(0);

    await inbox.start();
    const mail = await inbox.waitFor(email, (m) => m.subject === VERIFY_SUBJECT, 60_000);
    const done = await until(t, email, (jobs) => jobs[0]!.state === 'completed');
    expect(done).toHaveLength(1);
    expect(inbox.to(email)).toHaveLength(1);
    // The delivered link works.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: tokenIn(mail, '/verify-email') },
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe('mail outbox without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the mail as one .eml file under DATA_DIR/mail through the same job', async () => {
    const email = uniqueEmail('eml');
    expect((await register(t, email)).statusCode).toBe(201);
    await until(t, email, (jobs) => jobs[0]?.state === 'completed');
    const files = readdirSync(path.join(t.config.dataDir, 'mail')).filter((f) =>
      f.includes('verify_email'),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-verify_email-[0-9a-f-]{36}\.eml$/);
  });
});

describe('mail the outbox gave up on', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    // A port nothing listens on: every attempt is refused.
    const inbox = await startTestInbox();
    const url = inbox.url;
    await inbox.close();
    t = await createTestApp({
      jobs: true,
      env: {
        SMTP_URL: url,
        MAIL_RETRY_LIMIT: '1',
        MAIL_RETRY_DELAY_S: '1',
        MAIL_RETRY_DELAY_MAX_S: '1',
      },
    });
    const chief = await signUp(t.app, { email: uniqueEmail('chief') });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, chief.user.id));
    admin = chief;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts it in the system status with the recipient domain and the error, without address or link', async () => {
    const email = `lost-${Date.now()}@kunden.example.org`;
    expect((await register(t, email)).statusCode).toBe(201);
    await until(t, email, (jobs) => jobs[0]?.state === 'failed');
    const res = await t.app.inject({ url: '/api/admin/system', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const { mail } = res.json() as {
      mail: {
        failed: number;
        latest: Array<{ template: string; recipientDomain: string; error: string }>;
      };
    };
    const ours = mail.latest.filter((f) => f.recipientDomain === 'kunden.example.org');
    expect(ours).toHaveLength(1);
    expect(ours[0]!.template).toBe('verify_email');
    expect(ours[0]!.error).toContain('ECONNREFUSED');
    expect(mail.failed).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain('verify-email?token');
  });
});
