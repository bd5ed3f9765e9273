import type { MailLanguage } from '../../../contract/auth.js';

/**
 * Every mail the app sends: its data and its text in German and English. A template returns the
 * parts the layout (layout.ts) turns into a plain-text and an HTML body. To add a mail, add its
 * data shape to `MailTemplates` and its text to `templates`; the compiler checks every caller.
 */
export interface MailTemplates {
  /** After sign-up and on "resend": the `/verify-email?token=` link (24 h). */
  verify_email: { url: string };
  /** "Forgot password": the `/reset-password?token=` link (1 h). */
  reset_password: { url: string };
  /** To the NEW address of an e-mail change: the `/confirm-email?token=` link. */
  confirm_email_change: { url: string; newEmail: string };
  /** To the OLD address of an e-mail change, when it is requested. */
  email_change_notice: { newEmail: string; appUrl: string };
  /** Billing: a renewal payment failed. */
  payment_failed: { planName: string; billingUrl: string };
  /** Billing: a paid plan ended; the account is on the free plan now. */
  plan_ended: { planName: string; billingUrl: string };
  /** Billing: Stripe stopped retrying a failed renewal; the account is on the free plan now. */
  payment_given_up: { planName: string; billingUrl: string };
  /** Team: an invitation into a workspace, the `/invitation?token=` link (7 days, single use). */
  workspace_invitation: { url: string; workspaceName: string; inviter: string };
  /**
   * Team (decision 050): to the owners, when a member who created API keys left or was removed: which
   * keys were revoked and which the remover kept (`remover` null: the member left).
   */
  member_api_keys: { workspaceName: string; member: string; remover: string | null; revoked: string[]; kept: string[]; appUrl: string };
  /** Billing: a "Contact sales" request, to SALES_EMAIL. */
  sales_inquiry: {
    name: string;
    email: string;
    company: string;
    seats: number | null;
    message: string;
    adminUrl: string;
  };
  /** Operators: an AI provider's spending reached 80 % (or all) of its daily or monthly limit (issue 38). */
  spend_warning: { provider: string; period: 'day' | 'month'; percent: number; spent: string; limit: string; adminUrl: string };
}
export type MailTemplate = keyof MailTemplates;

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button, e.g. how long the link works. */
  note?: string;
}

type Texts<T> = Record<MailLanguage, (data: T) => MailContent>;

const IGNORE = {
  de: 'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
  en: 'If this wasn’t you, you can ignore this e-mail.',
};

export const templates: { [K in MailTemplate]: Texts<MailTemplates[K]> } = {
  verify_email: {
    de: ({ url }) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      heading: 'Willkommen bei Raumwerk',
      paragraphs: [
        'Bitte bestätigen Sie Ihre E-Mail-Adresse. Danach können Sie Ihre ersten Räume einrichten lassen.',
      ],
      action: { label: 'E-Mail-Adresse bestätigen', url },
      note: `Der Link ist 24 Stunden gültig. ${IGNORE.de}`,
    }),
    en: ({ url }) => ({
      subject: 'Please confirm your e-mail address',
      heading: 'Welcome to Raumwerk',
      paragraphs: ['Please confirm your e-mail address. Then you can stage your first rooms.'],
      action: { label: 'Confirm e-mail address', url },
      note: `The link works for 24 hours. ${IGNORE.en}`,
    }),
  },
  reset_password: {
    de: ({ url }) => ({
      subject: 'Passwort zurücksetzen',
      heading: 'Neues Passwort festlegen',
      paragraphs: [
        'Sie haben ein neues Passwort für Ihr Raumwerk-Konto angefordert. Danach werden Sie auf allen Geräten abgemeldet.',
      ],
      action: { label: 'Neues Passwort festlegen', url },
      note: `Der Link ist eine Stunde gültig und funktioniert nur einmal. ${IGNORE.de}`,
    }),
    en: ({ url }) => ({
      subject: 'Reset your password',
      heading: 'Choose a new password',
      paragraphs: [
        'You asked for a new password for your Raumwerk account. Afterwards you will be signed out on every device.',
      ],
      action: { label: 'Choose a new password', url },
      note: `The link works once, for one hour. ${IGNORE.en}`,
    }),
  },
  confirm_email_change: {
    de: ({ url, newEmail }) => ({
      subject: 'Neue E-Mail-Adresse bestätigen',
      heading: 'Neue E-Mail-Adresse bestätigen',
      paragraphs: [
        `Bitte bestätigen Sie, dass ${newEmail} die neue Adresse Ihres Raumwerk-Kontos sein soll. Bis dahin bleibt die bisherige Adresse gültig.`,
      ],
      action: { label: 'Adresse bestätigen', url },
      note: `Der Link ist 24 Stunden gültig. ${IGNORE.de}`,
    }),
    en: ({ url, newEmail }) => ({
      subject: 'Confirm your new e-mail address',
      heading: 'Confirm your new e-mail address',
      paragraphs: [
        `Please confirm that ${newEmail} should become the address of your Raumwerk account. Until then your current address stays in use.`,
      ],
      action: { label: 'Confirm address', url },
      note: `The link works for 24 hours. ${IGNORE.en}`,
    }),
  },
  email_change_notice: {
    de: ({ newEmail, appUrl }) => ({
      subject: 'Ihre E-Mail-Adresse soll geändert werden',
      heading: 'Änderung der E-Mail-Adresse',
      paragraphs: [
        `Für Ihr Raumwerk-Konto wurde die neue Adresse ${newEmail} angegeben. Sie gilt erst, wenn sie über den Link in der E-Mail an diese Adresse bestätigt wird.`,
        'Waren Sie das nicht? Dann melden Sie sich an und ändern Sie sofort Ihr Passwort in den Einstellungen.',
      ],
      action: { label: 'Raumwerk öffnen', url: appUrl },
    }),
    en: ({ newEmail, appUrl }) => ({
      subject: 'Your e-mail address is about to change',
      heading: 'E-mail address change',
      paragraphs: [
        `The new address ${newEmail} was entered for your Raumwerk account. It takes effect only when it is confirmed through the link sent to it.`,
        'Wasn’t you? Then sign in and change your password in Settings right away.',
      ],
      action: { label: 'Open Raumwerk', url: appUrl },
    }),
  },
  workspace_invitation: {
    de: ({ url, workspaceName, inviter }) => ({
      subject: `Einladung in den Workspace „${workspaceName}“`,
      heading: 'Sie sind eingeladen',
      paragraphs: [
        `${inviter} lädt Sie in den Raumwerk-Workspace „${workspaceName}“ ein. Als Mitglied sehen Sie die Projekte des Teams und richten Räume mit dem gemeinsamen Credit-Kontingent ein.`,
        'Melden Sie sich mit dieser E-Mail-Adresse an oder registrieren Sie sich, bestätigen Sie die Adresse und nehmen Sie die Einladung an.',
      ],
      action: { label: 'Einladung ansehen', url },
      note: `Der Link ist 7 Tage gültig und kann einmal verwendet werden. ${IGNORE.de}`,
    }),
    en: ({ url, workspaceName, inviter }) => ({
      subject: `Invitation to the workspace "${workspaceName}"`,
      heading: 'You are invited',
      paragraphs: [
        `${inviter} invites you to the Raumwerk workspace "${workspaceName}". As a member you see the team's projects and stage rooms with the shared credit pool.`,
        'Sign in with this e-mail address or sign up, confirm the address, and accept the invitation.',
      ],
      action: { label: 'View invitation', url },
      note: `The link works for 7 days and can be used once. ${IGNORE.en}`,
    }),
  },
  member_api_keys: {
    de: ({ workspaceName, member, remover, revoked, kept, appUrl }) => ({
      subject: `API-Schlüssel von ${member} im Workspace „${workspaceName}“`,
      heading: kept.length ? 'API-Schlüssel wurden behalten' : 'API-Schlüssel wurden widerrufen',
      paragraphs: [
        remover ? `${remover} hat ${member} aus dem Workspace „${workspaceName}“ entfernt.` : `${member} hat den Workspace „${workspaceName}“ verlassen.`,
        ...(revoked.length ? [`Widerrufen (funktionieren nicht mehr): ${revoked.join(', ')}.`] : []),
        ...(kept.length
          ? [`Von ${remover ?? '—'} behalten (funktionieren weiter, obwohl ${member} sie gesehen hat und noch besitzen kann): ${kept.join(', ')}. Widerrufen Sie sie unter Einstellungen → API, wenn das nicht gewollt war.`]
          : []),
      ],
      action: { label: 'Raumwerk öffnen', url: appUrl },
    }),
    en: ({ workspaceName, member, remover, revoked, kept, appUrl }) => ({
      subject: `API keys of ${member} in the workspace "${workspaceName}"`,
      heading: kept.length ? 'API keys were kept' : 'API keys were revoked',
      paragraphs: [
        remover ? `${remover} removed ${member} from the workspace "${workspaceName}".` : `${member} left the workspace "${workspaceName}".`,
        ...(revoked.length ? [`Revoked (they no longer work): ${revoked.join(', ')}.`] : []),
        ...(kept.length
          ? [`Kept by ${remover ?? '—'} (they keep working, although ${member} has seen them and may still hold them): ${kept.join(', ')}. Revoke them in Settings → API if that was not intended.`]
          : []),
      ],
      action: { label: 'Open Raumwerk', url: appUrl },
    }),
  },
  payment_failed: {
    de: ({ planName, billingUrl }) => ({
      subject: `Zahlung für Ihr ${planName}-Abo fehlgeschlagen`,
      heading: 'Die Zahlung hat nicht geklappt',
      paragraphs: [
        `Die Zahlung für Ihr ${planName}-Abo konnte nicht eingezogen werden. Bitte prüfen Sie Ihre Zahlungsmethode.`,
      ],
      action: { label: 'Zahlungsdaten prüfen', url: billingUrl },
    }),
    en: ({ planName, billingUrl }) => ({
      subject: `Payment for your ${planName} plan failed`,
      heading: 'Your payment did not go through',
      paragraphs: [
        `We could not collect the payment for your ${planName} plan. Please check your payment method.`,
      ],
      action: { label: 'Check payment details', url: billingUrl },
    }),
  },
  plan_ended: {
    de: ({ planName, billingUrl }) => ({
      subject: `Ihr ${planName}-Abo ist beendet`,
      heading: 'Ihr Abo ist beendet',
      paragraphs: [`Ihr ${planName}-Abo ist beendet. Ihr Konto nutzt jetzt den kostenlosen Tarif.`],
      action: { label: 'Tarife ansehen', url: billingUrl },
    }),
    en: ({ planName, billingUrl }) => ({
      subject: `Your ${planName} plan has ended`,
      heading: 'Your plan has ended',
      paragraphs: [`Your ${planName} plan has ended. Your account is on the free plan now.`],
      action: { label: 'See plans', url: billingUrl },
    }),
  },
  payment_given_up: {
    de: ({ planName, billingUrl }) => ({
      subject: `Ihr ${planName}-Abo wurde beendet: Zahlung nicht möglich`,
      heading: 'Ihr Abo wurde beendet',
      paragraphs: [
        `Die Verlängerung Ihres ${planName}-Abos konnte auch nach mehreren Versuchen nicht abgebucht werden. Ihr Konto nutzt jetzt den kostenlosen Tarif; Ihre Projekte bleiben erhalten.`,
        'Sie können jederzeit wieder ein Abo abschließen.',
      ],
      action: { label: 'Tarife ansehen', url: billingUrl },
    }),
    en: ({ planName, billingUrl }) => ({
      subject: `Your ${planName} plan has ended: payment not possible`,
      heading: 'Your plan has ended',
      paragraphs: [
        `We could not collect the renewal of your ${planName} plan, even after several attempts. Your account is on the free plan now; your projects are kept.`,
        'You can subscribe again at any time.',
      ],
      action: { label: 'See plans', url: billingUrl },
    }),
  },
  sales_inquiry: {
    de: ({ name, email, company, seats, message, adminUrl }) => ({
      subject: `Vertriebsanfrage: ${company} (${name})`,
      heading: 'Neue Vertriebsanfrage',
      paragraphs: [
        `Name: ${name}`,
        `E-Mail: ${email}`,
        `Firma: ${company}`,
        `Nutzer: ${seats ?? '–'}`,
        message,
      ],
      action: { label: 'Alle Anfragen ansehen', url: adminUrl },
    }),
    en: ({ name, email, company, seats, message, adminUrl }) => ({
      subject: `Sales inquiry: ${company} (${name})`,
      heading: 'New sales inquiry',
      paragraphs: [
        `Name: ${name}`,
        `E-mail: ${email}`,
        `Company: ${company}`,
        `Seats: ${seats ?? '–'}`,
        message,
      ],
      action: { label: 'See all inquiries', url: adminUrl },
    }),
  },
  spend_warning: {
    de: ({ provider, period, percent, spent, limit, adminUrl }) => ({
      subject: `${provider}: ${percent} % des ${period === 'day' ? 'Tages' : 'Monats'}budgets verbraucht`,
      heading: `Budget für ${provider} zu ${percent} % verbraucht`,
      paragraphs: [
        `Bisher ${period === 'day' ? 'heute' : 'in diesem Monat'} ausgegeben: ${spent} von ${limit}.`,
        percent >= 100
          ? 'Neue Aufträge an diesen Anbieter werden angehalten (oder an das Ersatzmodell gegeben, wenn Sie das erlaubt haben). Kunden wird dafür kein Credit berechnet.'
          : 'Bei 100 % werden neue Aufträge an diesen Anbieter angehalten (oder an das Ersatzmodell gegeben, wenn Sie das erlaubt haben).',
      ],
      action: { label: 'Budgets ansehen', url: adminUrl },
    }),
    en: ({ provider, period, percent, spent, limit, adminUrl }) => ({
      subject: `${provider}: ${percent} % of the ${period === 'day' ? 'daily' : 'monthly'} budget used`,
      heading: `${provider} budget ${percent} % used`,
      paragraphs: [
        `Spent ${period === 'day' ? 'today' : 'this month'} so far: ${spent} of ${limit}.`,
        percent >= 100
          ? 'New runs on this provider are stopped (or moved to the fallback model where you allowed it). Customers are not charged a credit for them.'
          : 'At 100 %, new runs on this provider stop (or move to the fallback model where you allowed it).',
      ],
      action: { label: 'See budgets', url: adminUrl },
    }),
  },
};
