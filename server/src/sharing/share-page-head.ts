import { RENOVATION_LABEL } from '../../../contract/renovation.js';
import type { Database } from '../db/client.js';
import type { PageHead } from '../http/page-head.js';
import { chosenPairs, listingPairs, type ListingBrand } from './listing.js';
import { projectOfToken, shareUrl } from './share-links.js';

const WORDS = {
  de: {
    heading: (n: number) => (n === 1 ? '1 Raumfoto, virtuell eingerichtet' : `${n} Raumfotos, virtuell eingerichtet`),
    description: (n: number) =>
      n === 1 ? 'Ein Foto, wie aufgenommen und virtuell eingerichtet.' : `${n} Fotos, jeweils wie aufgenommen und virtuell eingerichtet.`,
    removal: (n: number) => (n === 1 ? 'Ein Foto, wie aufgenommen und virtuell leergeräumt.' : `${n} Fotos, jeweils wie aufgenommen und virtuell leergeräumt.`),
    renovation: (n: number) => `${RENOVATION_LABEL.de}: ${n === 1 ? 'ein Foto, wie aufgenommen und mit gewählten neuen Flächen.' : `${n} Fotos, jeweils wie aufgenommen und mit gewählten neuen Flächen.`}`,
    contact: 'Kontakt',
    imageAlt: 'Virtuell eingerichtetes Foto',
    locale: 'de_DE',
  },
  en: {
    heading: (n: number) => (n === 1 ? '1 room photo, virtually staged' : `${n} room photos, virtually staged`),
    description: (n: number) => (n === 1 ? 'One photo, as photographed and virtually staged.' : `${n} photos, each as photographed and virtually staged.`),
    removal: (n: number) => (n === 1 ? 'One photo, as photographed and with the furniture removed virtually.' : `${n} photos, each as photographed and with the furniture removed virtually.`),
    renovation: (n: number) => `${RENOVATION_LABEL.en}: ${n === 1 ? 'one photo, as photographed and with chosen new surfaces.' : `${n} photos, each as photographed and with chosen new surfaces.`}`,
    contact: 'Contact',
    imageAlt: 'Virtually staged photo',
    locale: 'en_GB',
  },
} as const;

/**
 * The served head of a share page `/s/:token` (decision 052): the public title, a description, and
 * `og:` / `twitter:` tags with the first shown staged image (public through the token's image route),
 * so a link preview shows the listing without running a script. A branded listing (decision 045)
 * names the agency (site name, title, contact in the description) and shows its logo as the icon, or
 * no icon: never Raumwerk's. Unknown or revoked tokens: null (the page shows "link gone").
 */
export async function sharePageHead(
  db: Database,
  options: { token: string; language: 'de' | 'en'; publicUrl: string; brandOf: (projectId: string) => Promise<ListingBrand | null> },
): Promise<PageHead | null> {
  const { token, language, publicUrl } = options;
  const project = await projectOfToken(db, token);
  if (!project) return null;
  const pairs = chosenPairs(await listingPairs(db, project.id), project.imageIds);
  const brand = await options.brandOf(project.id);
  const words = WORDS[language];
  const heading = project.publicTitle ?? words.heading(pairs.length);
  const siteName = brand?.displayName ?? (brand ? null : 'Raumwerk');
  const contact = brand ? [brand.contactName, brand.phone, brand.email].filter(Boolean).join(' · ') : '';
  const description = [
    (project.category === 'furniture_removal' ? words.removal : project.category === 'renovation' ? words.renovation : words.description)(pairs.length),
    contact && `${words.contact}: ${contact}`,
  ]
    .filter(Boolean)
    .join(' ');
  const url = shareUrl(publicUrl, token);
  const image = pairs[0]?.staged;
  const imageUrl = image && `${publicUrl}/api/share/${token}/images/${image.id}`;
  const meta: PageHead['meta'] = [
    { name: 'robots', content: 'noindex, nofollow, noarchive' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: heading },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: words.locale },
    ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
    ...(imageUrl
      ? [
          { property: 'og:image', content: imageUrl },
          { property: 'og:image:type', content: image.mimeType },
          ...(image.width && image.height
            ? [
                { property: 'og:image:width', content: String(image.width) },
                { property: 'og:image:height', content: String(image.height) },
              ]
            : []),
          { property: 'og:image:alt', content: words.imageAlt },
        ]
      : []),
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: heading },
    { name: 'twitter:description', content: description },
    ...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
  ];
  return {
    language,
    title: siteName ? `${heading} · ${siteName}` : heading,
    description,
    icon: brand ? (brand.logo ? { href: `/api/share/${token}/logo?v=${brand.logo.version}`, type: 'image/png' } : null) : { href: '/favicon.svg', type: 'image/svg+xml' },
    meta,
  };
}
