/**
 * Hands one rendered mail to the outside world: `SMTP_URL` (nodemailer) or, without it, an `.eml`
 * file under `DATA_DIR/mail/` whose link is logged at `info` (decision 016). Only the mail job
 * (mail-job.ts) calls it; everything else goes through the outbox (mailer.ts, decision 033).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';
import { renderHtml, renderText } from './layout.js';
import { templates, type MailTemplate, type MailTemplates } from './templates.js';
import type { MailLanguage } from '../../../contract/auth.js';

export type MailMessage = {
  [K in MailTemplate]: { to: string; language: MailLanguage; template: K; data: MailTemplates[K] };
}[MailTemplate];

export interface MailTransportSettings {
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go when there is no SMTP server. */
  outbox: string;
}

export interface MailTransport {
  /**
   * Delivers one mail; rejects when the SMTP server refuses it or cannot be reached. `key` names
   * the delivery (the outbox job's id): the Message-ID and the `.eml` file carry it, so a retry after
   * a delivery whose success was not recorded writes no second file and receivers can drop the copy.
   */
  deliver(message: MailMessage, options: { key: string; log: FastifyBaseLogger }): Promise<void>;
  close(): void;
}

export function mailTransportSettings(config: AppConfig): MailTransportSettings {
  return {
    smtpUrl: config.SMTP_URL,
    from: config.mailFrom,
    outbox: path.join(config.dataDir, 'mail'),
  };
}

export function render(message: MailMessage) {
  const content = (
    templates[message.template][message.language] as (
      data: MailMessage['data'],
    ) => ReturnType<(typeof templates)['verify_email']['en']>
  )(message.data);
  return {
    subject: content.subject,
    text: renderText(content, message.language),
    html: renderHtml(content, message.language),
    link: content.action?.url,
  };
}

/** The domain of an address, the only part of a recipient the admin console shows. */
export function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export function createMailTransport(settings: MailTransportSettings): MailTransport {
  const transport = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const senderHost = settings.from.match(/@([^>\s]+)/)?.[1] ?? 'raumwerk.local';
  const safeKey = (key: string) => key.replace(/[^a-zA-Z0-9-]/g, '');

  return {
    async deliver(message, { key, log }) {
      const id = safeKey(key);
      if (!settings.smtpUrl) {
        const written = await readdir(settings.outbox).catch(() => [] as string[]);
        if (written.some((name) => name.endsWith(`-${id}.eml`))) return;
      }
      const { subject, text, html, link } = render(message);
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject,
        text,
        html,
        messageId: `<${id}@${senderHost}>`,
        headers: { 'Content-Language': message.language },
      });
      if (settings.smtpUrl) {
        log.info({ template: message.template, messageId: info.messageId }, 'mail sent');
        return;
      }
      await mkdir(settings.outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(settings.outbox, `${stamp}-${message.template}-${id}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      // No mail server: the link is what the developer needs (the file holds the whole mail).
      log.info(
        { to: message.to, template: message.template, link, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}
