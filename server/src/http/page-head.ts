import escapeHtml from 'escape-html';

/**
 * What a page's served HTML says about it before any script runs (decision 052): link previews
 * (WhatsApp, Slack, mail clients) and crawlers read only this. Every value is text and is escaped
 * here, so a title or name chosen by a user cannot add markup.
 */
export interface PageHead {
  language: 'de' | 'en';
  title: string;
  description: string;
  /** Replaces the product's icon: a URL, or null for none at all (a branded page shows no product mark). */
  icon: { href: string; type: string } | null;
  /** `og:*` properties and `twitter:*` / `robots` names, in order. */
  meta: Array<{ property: string; content: string } | { name: string; content: string }>;
}

/** The app's index.html with the page's language, title, description, icon and meta tags in its head. */
export function withHead(html: string, head: PageHead): string {
  const attr = (value: string) => `"${escapeHtml(value)}"`;
  const tags = [
    `<meta name="description" content=${attr(head.description)} />`,
    // No icon: an empty data URL, so the browser does not fall back to /favicon.ico either.
    head.icon ? `<link rel="icon" type=${attr(head.icon.type)} href=${attr(head.icon.href)} />` : '<link rel="icon" href="data:," />',
    ...head.meta.map((m) => ('property' in m ? `<meta property=${attr(m.property)} content=${attr(m.content)} />` : `<meta name=${attr(m.name)} content=${attr(m.content)} />`)),
  ];
  return html
    .replace(/<html lang="[a-z]+"/, `<html lang="${head.language}"`)
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<link rel="icon"[^>]*>\s*/g, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>\n    ${tags.join('\n    ')}`);
}
