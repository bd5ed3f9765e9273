/**
 * The one mailer of the app (nodemailer). Every mail goes through it, in the user's language,
 * as plain text plus HTML.
 *
 * Usage (see templates.ts for every template and its data):
 *
 *   await mailer.send({ to: user.email, language: user.language ?? 'en', template: 'verify_email', data: { url } });
 *   mailer.sendLater({ ... });   // same message, sent in the background; failures are logged,
 *                                // `close()` waits for what is still being sent.
 *
 * Delivery: `SMTP_URL` (e.g. `smtp://user:pass@host:587`, `smtps://…:465`) with `MAIL_FROM` as the
 * sender. Without `SMTP_URL` each mail is written as an `.eml` file under `DATA_DIR/mail/` and its
 * link is logged at `info`, so `npm start` works with no mail server (open the file in any mail
 * program, or copy the logged link).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailLanguage } from '../../../contract/auth.js';
import type { AppConfig } from '../config.js';
import { renderHtml, renderText } from './layout.js';
import { templates, type MailTemplate, type MailTemplates } from './templates.js';

export type MailMessage = {
  [K in MailTemplate]: { to: string; language: MailLanguage; template: K; data: MailTemplates[K] };
}[MailTemplate];

export interface Mailer {
  /** Renders and delivers one mail; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  /** Delivers in the background (a request need not wait for the mail server); errors are logged. */
  sendLater(message: MailMessage): void;
  /** Background work that ends in a mail (e.g. look-up, token, send): `close()` waits for it too. Must not reject. */
  track(work: Promise<unknown>): void;
  /** Waits for background mails, then closes the transport. */
  close(): Promise<void>;
}

export interface MailerSettings {
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go when there is no SMTP server. */
  outbox: string;
  log: FastifyBaseLogger;
}

export function mailerSettings(config: AppConfig, log: FastifyBaseLogger): MailerSettings {
  return { smtpUrl: config.SMTP_URL, from: config.mailFrom, outbox: path.join(config.dataDir, 'mail'), log };
}

export function render(message: MailMessage) {
  const content = (templates[message.template][message.language] as (data: MailMessage['data']) => ReturnType<(typeof templates)['verify_email']['en']>)(message.data);
  return {
    subject: content.subject,
    text: renderText(content, message.language),
    html: renderHtml(content, message.language),
    link: content.action?.url,
  };
}

export function createMailer(settings: MailerSettings): Mailer {
  const { log } = settings;
  const transport = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const { subject, text, html, link } = render(message);
    const info = await transport.sendMail({ from: settings.from, to: message.to, subject, text, html, headers: { 'Content-Language': message.language } });
    if (settings.smtpUrl) {
      log.info({ template: message.template, messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(settings.outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(settings.outbox, `${stamp}-${message.template}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    // No mail server: the link is what the developer needs (the file holds the whole mail).
    log.info({ to: message.to, template: message.template, link, file }, 'mail written to the outbox (no SMTP_URL)');
  }

  function track(work: Promise<unknown>) {
    const job: Promise<void> = work.then(
      () => {},
      () => {},
    ).finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    send,
    track,
    sendLater(message) {
      track(send(message).catch((err) => log.error({ err, template: message.template }, 'mail could not be sent')));
    },
    async close() {
      while (pending.size) await Promise.all([...pending]);
      transport.close();
    },
  };
}
