/**
 * The mails billing sends, through the app's one mailer (server/src/mail). Behind this small
 * interface so the webhook processor and the sales route can be tested with a recording double
 * as well as with the real mailer against a local SMTP server.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PlanId } from '../../../contract/plans.js';
import { PLANS } from '../../../contract/plans.js';
import type { SalesInquiry } from '../../../contract/sales.js';
import type { Mailer } from '../mail/mailer.js';

export interface BillingMailNotice {
  email: string;
  language: 'de' | 'en';
  /** The paid plan concerned. */
  plan: Exclude<PlanId, 'free'>;
}

export interface BillingNotifier {
  /** A renewal failed (the account just went past due): update the card. */
  paymentFailed(notice: BillingMailNotice, log: FastifyBaseLogger): Promise<void>;
  /** Stripe stopped retrying the renewal; the account is on free now. */
  paymentGivenUp(notice: BillingMailNotice, log: FastifyBaseLogger): Promise<void>;
  /** A "Contact sales" request, to SALES_EMAIL. Resolves false when no address is configured. */
  salesInquiry(inquiry: SalesInquiry, log: FastifyBaseLogger): Promise<boolean>;
}

/** Without a mailer (tests of unrelated parts): writes what would have been sent to the log. */
export const loggingBillingNotifier: BillingNotifier = {
  async paymentFailed(notice, log) {
    log.warn({ to: notice.email, plan: notice.plan }, 'billing: payment failed (no mailer: not mailed)');
  },
  async paymentGivenUp(notice, log) {
    log.warn({ to: notice.email, plan: notice.plan }, 'billing: payment given up, account moved to free (no mailer: not mailed)');
  },
  async salesInquiry(inquiry, log) {
    log.warn({ inquiryId: inquiry.id }, 'billing: sales inquiry stored (no mailer: not mailed)');
    return false;
  },
};

export function createMailBillingNotifier(deps: { mailer: Mailer; salesEmail: string | undefined; appUrl: string }): BillingNotifier {
  const { mailer, appUrl } = deps;
  return {
    async paymentFailed(notice) {
      const planName = PLANS[notice.plan].name[notice.language];
      await mailer.send({ to: notice.email, language: notice.language, template: 'payment_failed', data: { planName, billingUrl: `${appUrl}/dashboard` } });
    },
    async paymentGivenUp(notice) {
      const planName = PLANS[notice.plan].name[notice.language];
      await mailer.send({ to: notice.email, language: notice.language, template: 'payment_given_up', data: { planName, billingUrl: `${appUrl}/subscribe` } });
    },
    async salesInquiry(inquiry) {
      if (!deps.salesEmail) return false;
      const { name, email, company, seats, message } = inquiry;
      await mailer.send({
        to: deps.salesEmail,
        language: inquiry.locale,
        template: 'sales_inquiry',
        data: { name, email, company, seats, message, adminUrl: `${appUrl}/admin/sales` },
      });
      return true;
    },
  };
}
