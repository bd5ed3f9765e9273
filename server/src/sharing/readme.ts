import { contactLine } from '../../../contract/branding.js';
import { RENOVATION_LABEL } from '../../../contract/renovation.js';
import { listingDisclosure } from '../../../contract/sharing.js';
import { DISCLOSURE_PACKS, type PublishMarket } from '../../../contract/disclosure-packs.js';
import type { LandingVariant } from '../../../contract/landing-variant.js';
import type { ListingBrand } from './listing.js';
import type { ZipEntry } from './listing-zip.js';

export type ReadmeLanguage = 'de' | 'en';

export interface ReadmeInput {
  language: ReadmeLanguage;
  /** The share page's public title, else the project's name (the readme is for the member who downloads). */
  title: string;
  entries: ZipEntry[];
  link?: string;
  /** The workspace's branding while its plan includes it (decision 045): heads the readme, ends the disclosure; no Raumwerk line then. */
  brand: ListingBrand | null;
  publicUrl: string;
  /** Whose words: an AI model's or the preview engine's (issue #35). */
  engine: LandingVariant;
  /** Where the photos will be published: the rules the zip follows (disclosure packs, issue 41). */
  market?: PublishMarket;
  /** A renovation project (decision 062): its images are previews of a renovation, and listing rules forbid them as the condition; what they may be used for in that market. */
  renovation?: boolean;
}

const TEXT = {
  de: {
    file: 'LIESMICH.txt',
    files: 'Dateien',
    staged: (n: number, labelled: boolean) => `Foto ${n}, virtuell eingerichtet${labelled ? ', mit Hinweis „Virtuell eingerichtet“' : ''}`,
    original: (n: number) => `Foto ${n}, Original`,
    disclosure: 'Hinweis für den Inseratstext (bitte mit veröffentlichen):',
    link: 'Vorher-nachher-Seite:',
    metadata: 'Jedes eingerichtete Foto trägt in seinen XMP-Metadaten den IPTC-Quelltyp „compositeWithTrainedAlgorithmicMedia“ (ein Foto mit digital ergänzten Teilen).',
    credentials:
      'Jedes eingerichtete Foto trägt signierte C2PA-Inhaltsnachweise (Content Credentials): womit und woraus es gemacht wurde (das Original als Zutat) und das Urteil der Geometrie-Sperre. Prüfbar z. B. mit contentcredentials.org/verify.',
    rules: 'Befolgte Regeln',
    renovation: 'Renovierungsvorschauen',
    madeWith: 'Erstellt mit Raumwerk',
    renovated: (n: number) => `Foto ${n}, ${RENOVATION_LABEL.de} (Hinweis im Bild)`,
    listingRule:
      'Nicht als Zustand der Immobilie verwenden: Viele Portale und MLS (z. B. CRMLS in Kalifornien) verbieten in Inseratsfotos geänderte Wandfarben, Böden oder Küchenfronten.',
  },
  en: {
    file: 'README.txt',
    files: 'Files',
    staged: (n: number, labelled: boolean) => `Photo ${n}, virtually staged${labelled ? ', with the "Virtually staged" label' : ''}`,
    original: (n: number) => `Photo ${n}, original`,
    disclosure: 'Disclosure for the listing text (please publish it with the photos):',
    link: 'Before/after page:',
    metadata: 'Every staged photo carries the IPTC digital source type "compositeWithTrainedAlgorithmicMedia" (a photo with digitally added parts) in its XMP metadata.',
    credentials:
      'Every staged photo carries signed C2PA Content Credentials: what made it and from what (the original as its ingredient), and the geometry lock\'s verdict. Check them e.g. at contentcredentials.org/verify.',
    rules: 'Rules followed',
    renovation: 'Renovation previews',
    madeWith: 'Made with Raumwerk',
    renovated: (n: number) => `Photo ${n}, ${RENOVATION_LABEL.en} (label on the image)`,
    listingRule:
      'Do not use as the condition of the property: many portals and MLSs (e.g. CRMLS in California) forbid changed wall colours, floors or cabinets in listing photos.',
  },
} as const;

/** The zip's readme (issue #24): what is in the zip, the disclosure sentence, the share link, the agency's name and contact. */
export function listingReadme(input: ReadmeInput): { name: string; content: Buffer } {
  const t = TEXT[input.language];
  const { brand } = input;
  const lines: string[] = [];
  if (brand) {
    if (brand.displayName) lines.push(brand.displayName);
    const contact = contactLine(brand);
    if (contact) lines.push(contact);
    if (lines.length) lines.push('');
  }
  lines.push(input.title, '='.repeat(Math.min(60, Math.max(3, input.title.length))), '', `${t.files}:`);
  for (const entry of input.entries) {
    const n = Number(entry.name.slice(0, 2));
    lines.push(`  ${entry.name}  ${entry.name.includes('-original.') ? t.original(n) : input.renovation ? t.renovated(n) : t.staged(n, entry.labelled)}`);
  }
  if (input.renovation) lines.push('', t.listingRule);
  lines.push('', t.disclosure, `  ${listingDisclosure(input.language, brand, input.engine)}`);
  if (input.link) lines.push('', `${t.link} ${input.link}`);
  const pack = DISCLOSURE_PACKS[input.market ?? 'other'];
  lines.push('', `${t.rules}:`, ...pack.rules[input.language].map((rule) => `  - ${rule}`));
  if (input.renovation) lines.push('', `${t.renovation}:`, ...pack.renovation[input.language].map((rule) => `  - ${rule}`));
  lines.push('', t.metadata, t.credentials);
  if (!brand) lines.push('', `${t.madeWith}: ${input.publicUrl}`);
  return { name: t.file, content: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') };
}
