/**
 * The mails billing sends, behind a small interface so billing does not depend on how mail goes
 * out. `createBilling` takes one; until the mailer (server/src/mail, accounts issue) is wired in,
 * the default only logs, so nothing is lost silently: the log line names the recipient.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PlanId } from '../../../contract/plans.js';
import type { SalesInquiry } from '../../../contract/sales.js';

export interface PaymentGivenUpNotice {
  email: string;
  firstName: string | null;
  /** The plan the account had before it moved to free. */
  plan: Exclude<PlanId, 'free'>;
}

export interface BillingNotifier {
  /** Stripe stopped retrying the renewal; the account is on free now. */
  paymentGivenUp(notice: PaymentGivenUpNotice, log: FastifyBaseLogger): Promise<void>;
  /** A "Contact sales" request, to SALES_EMAIL. Resolves false when no address is configured. */
  salesInquiry(inquiry: SalesInquiry, log: FastifyBaseLogger): Promise<boolean>;
}

/** Used until a mailer is wired: writes what would have been sent to the log. */
export const loggingBillingNotifier: BillingNotifier = {
  async paymentGivenUp(notice, log) {
    log.warn({ to: notice.email, plan: notice.plan }, 'billing: payment given up, account moved to free (no mailer wired: not mailed)');
  },
  async salesInquiry(inquiry, log) {
    log.warn({ inquiryId: inquiry.id, from: inquiry.email }, 'billing: sales inquiry stored (no mailer wired: not mailed)');
    return false;
  },
};

/** One plain-text mail; what any mailer needs. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/**
 * The notifier on a mailer: `send` is the mailer's send (the lead wires `server/src/mail` here),
 * `salesEmail` is SALES_EMAIL, `appUrl` the app's public URL for links.
 */
export function createMailBillingNotifier(deps: { send: (mail: OutgoingMail) => Promise<void>; salesEmail: string | undefined; appUrl: string }): BillingNotifier {
  return {
    async paymentGivenUp(notice) {
      await deps.send(paymentGivenUpMail(notice, deps.appUrl));
    },
    async salesInquiry(inquiry) {
      if (!deps.salesEmail) return false;
      await deps.send(salesInquiryMail(inquiry, deps.salesEmail));
      return true;
    },
  };
}

const PLAN_NAMES = { pro: 'Pro', business: 'Business' } as const;

/** German first, then English: the account has no stored language on the server. */
export function paymentGivenUpMail(notice: PaymentGivenUpNotice, appUrl: string): OutgoingMail {
  const plan = PLAN_NAMES[notice.plan];
  const greetingDe = notice.firstName ? `Hallo ${notice.firstName},` : 'Hallo,';
  const greetingEn = notice.firstName ? `Hello ${notice.firstName},` : 'Hello,';
  return {
    to: notice.email,
    subject: `Ihr ${plan}-Plan wurde beendet / Your ${plan} plan has ended`,
    text: [
      greetingDe,
      '',
      `wir konnten die Verlängerung Ihres ${plan}-Plans auch nach mehreren Versuchen nicht abbuchen. Ihr Konto nutzt jetzt den kostenlosen Plan; Ihre Projekte bleiben erhalten.`,
      `Sie können jederzeit wieder upgraden: ${appUrl}/subscribe`,
      '',
      '---',
      '',
      greetingEn,
      '',
      `we could not charge the renewal of your ${plan} plan, even after several attempts. Your account is on the free plan now; your projects are kept.`,
      `You can upgrade again at any time: ${appUrl}/subscribe`,
      '',
      'Raumwerk',
    ].join('\n'),
  };
}

export function salesInquiryMail(inquiry: SalesInquiry, salesEmail: string): OutgoingMail {
  return {
    to: salesEmail,
    replyTo: inquiry.email,
    subject: `Sales inquiry: ${inquiry.company} (${inquiry.name})`,
    text: [
      `Name: ${inquiry.name}`,
      `E-mail: ${inquiry.email}`,
      `Company: ${inquiry.company}`,
      `Seats: ${inquiry.seats ?? '-'}`,
      `Language: ${inquiry.locale}`,
      `Received: ${inquiry.createdAt}`,
      '',
      inquiry.message,
    ].join('\n'),
  };
}
