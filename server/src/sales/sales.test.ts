/** "Contact sales" (issue #11): stored, mailed to SALES_EMAIL through a real SMTP server, listed for admins. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesInquiries } from '../db/schema/sales.js';
import { users } from '../db/schema/users.js';
import { startTestInbox, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { SALES_INQUIRIES_PER_HOUR } from './routes.js';

let t: TestApp;
let inbox: TestInbox;
let adminCookie: string;
let userCookie: string;

const inquiry = {
  name: 'Mara Keller',
  email: 'mara@immobilien-keller.de',
  company: 'Keller Immobilien GmbH',
  seats: 12,
  message: 'Wir brauchen rund 800 Bilder im Monat für drei Büros.',
  locale: 'de',
};

beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, SALES_EMAIL: 'sales@raumwerk.test' } });
  const admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  adminCookie = admin.cookie;
  userCookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const send = (payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/sales-inquiries', headers: { origin: TEST_ORIGIN }, payload, remoteAddress: ip });

describe('POST /api/sales-inquiries', () => {
  it('stores the inquiry, mails it to SALES_EMAIL, and lists it for admins', async () => {
    const response = await send(inquiry);
    expect(response.statusCode).toBe(201);
    const mail = await inbox.waitFor('sales@raumwerk.test');
    expect(mail.subject).toBe('Vertriebsanfrage: Keller Immobilien GmbH (Mara Keller)');
    expect(mail.text).toContain('mara@immobilien-keller.de');
    expect(mail.text).toContain('800 Bilder');

    const list = await t.app.inject({ url: '/api/admin/sales-inquiries', headers: { cookie: adminCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().inquiries[0]).toMatchObject({ ...inquiry, mailed: true });
  });

  it('a filled honeypot looks accepted but nothing is stored or mailed', async () => {
    const before = (await t.database.db.select().from(salesInquiries)).length;
    const mailsBefore = inbox.mails.length;
    const response = await send({ ...inquiry, name: 'Bot', website: 'http://spam.example' }, '10.0.0.2');
    expect(response.statusCode).toBe(201);
    expect((await t.database.db.select().from(salesInquiries)).length).toBe(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.mails.length).toBe(mailsBefore);
  });

  it('bad input: 400 with a message', async () => {
    const response = await send({ ...inquiry, email: 'not-an-address', message: 'hi' }, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('a NUL byte in any text field: 400 {message, code}, nothing stored (issue #22)', async () => {
    const before = (await t.database.db.select().from(salesInquiries)).length;
    for (const [field, ip] of [['name', '10.0.1.1'], ['company', '10.0.1.2'], ['message', '10.0.1.3']] as const) {
      const response = await send({ ...inquiry, [field]: `${inquiry[field]}\u0000` }, ip);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({ message: expect.stringContaining(field), code: 'validation_failed' });
    }
    expect(await t.database.db.select().from(salesInquiries)).toHaveLength(before);
  });

  it(`allows ${SALES_INQUIRIES_PER_HOUR} per hour and address, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SALES_INQUIRIES_PER_HOUR; i++) statuses.push((await send({ ...inquiry, website: '' }, '10.0.0.4')).statusCode);
    expect(statuses.slice(0, SALES_INQUIRIES_PER_HOUR).every((s) => s === 201)).toBe(true);
    expect(statuses[SALES_INQUIRIES_PER_HOUR]).toBe(429);
  });

  it('the admin list: 401 signed out, 403 for a user', async () => {
    expect((await t.app.inject({ url: '/api/admin/sales-inquiries' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/sales-inquiries', headers: { cookie: userCookie } })).statusCode).toBe(403);
  });
});
