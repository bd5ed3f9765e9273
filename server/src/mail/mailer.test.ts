import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../../test/support/smtp-inbox.js';
import { randomUUID } from 'node:crypto';
import { createMailTransport, type MailMessage } from './mail-transport.js';

const log = pino({ level: 'silent' }) as never;

/** The transport the outbox's job hands each mail to (the outbox itself: outbox.test.ts). */
function createMailer(settings: { smtpUrl?: string; from: string; outbox: string; log: never }) {
  const transport = createMailTransport(settings);
  return {
    send: (message: MailMessage) =>
      transport.deliver(message, { key: randomUUID(), log: settings.log }),
    close: async () => transport.close(),
  };
}
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startTestInbox();
});
afterAll(async () => {
  await inbox?.close();
});

describe('mailer over SMTP', () => {
  it('delivers a mail in the chosen language as plain text and HTML from MAIL_FROM', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Raumwerk <mail@raumwerk.test>',
      outbox: '/nonexistent',
      log,
    });
    await mailer.send({
      to: 'anna@example.com',
      language: 'de',
      template: 'verify_email',
      data: { url: 'https://app.test/verify-email?token=abc' },
    });
    await mailer.send({
      to: 'ben@example.com',
      language: 'en',
      template: 'verify_email',
      data: { url: 'https://app.test/verify-email?token=def' },
    });
    await mailer.close();
    const de = await inbox.waitFor('anna@example.com');
    expect(de.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(de.from?.value[0]).toMatchObject({ name: 'Raumwerk', address: 'mail@raumwerk.test' });
    expect(de.text).toContain('https://app.test/verify-email?token=abc');
    expect(de.html).toContain('href="https://app.test/verify-email?token=abc"');
    expect(de.html).toContain('Raumwerk');
    const en = await inbox.waitFor('ben@example.com');
    expect(en.subject).toBe('Please confirm your e-mail address');
    expect(en.text).toContain('24 hours');
  });

  it('escapes what comes from users in the HTML part', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Raumwerk <mail@raumwerk.test>',
      outbox: '/nonexistent',
      log,
    });
    await mailer.send({
      to: 'carl@example.com',
      language: 'en',
      template: 'email_change_notice',
      data: { newEmail: '<script>x</script>@evil.test', appUrl: 'https://app.test/' },
    });
    await mailer.close();
    const mail = await inbox.waitFor('carl@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file to the outbox and logs its link at info', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-outbox-'));
    const lines: Array<Record<string, unknown>> = [];
    const capture = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    ) as never;
    try {
      const mailer = createMailer({
        from: 'Raumwerk <no-reply@localhost>',
        outbox: dir,
        log: capture,
      });
      await mailer.send({
        to: 'dora@example.com',
        language: 'en',
        template: 'reset_password',
        data: { url: 'http://localhost:3000/reset-password?token=xyz' },
      });
      await mailer.close();
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/reset_password.*\.eml$/);
      const mail = await simpleParser(readFileSync(path.join(dir, files[0]!)));
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain('http://localhost:3000/reset-password?token=xyz');
      const logged = lines.find((l) => l.template === 'reset_password');
      expect(logged).toMatchObject({
        level: 30,
        to: 'dora@example.com',
        link: 'http://localhost:3000/reset-password?token=xyz',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
