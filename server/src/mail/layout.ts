import type { MailLanguage } from '../../../contract/auth.js';
import type { MailContent } from './templates.js';

const PRODUCT = 'Raumwerk';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const FOOTER = {
  de: 'Diese E-Mail wurde automatisch von Raumwerk gesendet, weil sie zu Ihrem Konto gehört.',
  en: 'Raumwerk sent this e-mail automatically because it concerns your account.',
};
const LINK_HINT = {
  de: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:',
  en: 'If the button does not work, open this link:',
};

/** Plain text: heading, paragraphs, the link on its own line, the note. */
export function renderText(content: MailContent, language: MailLanguage): string {
  const parts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) parts.push(`${content.action.label}:`, content.action.url, '');
  if (content.note) parts.push(content.note, '');
  parts.push('--', `${PRODUCT} · ${FOOTER[language]}`);
  return parts.join('\n');
}

/** A small table layout with inline styles (what mail clients render reliably), light and readable. */
export function renderHtml(content: MailContent, language: MailLanguage): string {
  const action = content.action
    ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1f3a5f;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(content.action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#5b6472;padding-bottom:16px">${escapeHtml(LINK_HINT[language])}<br><a href="${escapeHtml(content.action.url)}" style="color:#1f3a5f;word-break:break-all">${escapeHtml(content.action.url)}</a></td></tr>`
    : '';
  const paragraphs = content.paragraphs
    .map((p) => `<tr><td style="padding-bottom:16px">${escapeHtml(p)}</td></tr>`)
    .join('\n');
  const note = content.note
    ? `<tr><td style="font-size:13px;color:#5b6472;padding-bottom:8px">${escapeHtml(content.note)}</td></tr>`
    : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1d2430">
<tr><td style="font-size:14px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#1f3a5f;padding-bottom:24px">${PRODUCT}</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(content.heading)}</td></tr>
${paragraphs}
${action}
${note}
</table>
<p style="max-width:560px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:12px;color:#7a8290;margin:16px auto 0">${escapeHtml(FOOTER[language])}</p>
</td></tr></table>
</body></html>`;
}
