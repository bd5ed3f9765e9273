import { z } from 'zod';
import { publishMarket } from './disclosure-packs.js';
import { singleLineText } from './text.js';
import { brandIdentity, contactLine, type BrandIdentity } from './branding.js';
import { PROJECT_CATEGORIES } from './projects.js';
import type { LandingVariant } from './landing-variant.js';

/**
 * Share links and listing downloads (decision 026). The owner creates one public, unguessable link
 * per project (`POST /api/projects/:id/share`), reads it back (`GET`) and revokes it (`DELETE`); the
 * page `/s/:token` shows each original beside its staged image through `/api/share/:token/...`.
 */
export const PUBLIC_TITLE_MAX = 120;

/**
 * `POST /api/projects/:id/share`: the page's public heading, confirmed by the member in the share
 * dialog (prefilled with the project's name). Posting again keeps the link and changes the title.
 * Without a title (older clients) a new link has none and the page shows a neutral heading.
 */
/** At most this many photos are chosen for one link or zip (far above a listing's photos). */
export const LISTING_PHOTOS_MAX = 200;

/**
 * The photos a share link or zip holds (decision 052): ids of the project's originals that have a
 * staged image, in any order (shown in upload order). A failed photo cannot be chosen (400).
 */
export const listingPhotoIds = z.array(z.string().uuid()).min(1).max(LISTING_PHOTOS_MAX);

export const createShareLinkRequest = z
  .object({
    publicTitle: singleLineText(PUBLIC_TITLE_MAX).min(1),
    /** The photos the page shows; null: every staged photo, also ones staged later (the default). Left out: unchanged. */
    imageIds: listingPhotoIds.nullable(),
  })
  .partial()
  .nullish();
export type CreateShareLinkRequest = NonNullable<z.input<typeof createShareLinkRequest>>;

export const shareLinkResponse = z.object({ url: z.string(), publicTitle: z.string().nullable(), imageIds: z.array(z.string()).nullable() });
export type ShareLinkResponse = z.infer<typeof shareLinkResponse>;

export const shareLinkState = z.object({
  url: z.string().nullable(),
  publicTitle: z.string().nullable(),
  /** The originals the page shows; null: every staged photo (also without a link). */
  imageIds: z.array(z.string()).nullable(),
  /** The disclosure sentence for the listing text, with the workspace's name and contact line while it is branded (decision 045). */
  disclosure: z.object({ de: z.string(), en: z.string() }),
  /** Where the photos will be published (disclosure packs, issue 41): the zip's layout and readme follow it. */
  market: publishMarket,
});
export type ShareLinkState = z.infer<typeof shareLinkState>;

export const sharedImage = z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() });

/**
 * What the staged file's signed Content Credentials say (decision 060), for the share page's panel: the
 * same facts the C2PA manifest in the file carries, read from the image's record, and who signs.
 */
export const sharedCredentials = z.object({
  /** The model that made the picture, by its name (e.g. "OpenAI GPT Image 1.5"). */
  madeWith: z.string(),
  createdAt: z.string(),
  service: z.enum(['staging', 'removal', 'renovation']),
  /** The geometry lock's figures (0–1): share of the frame from the model; share of the room's lines in place. */
  changedShare: z.number().nullable(),
  architectureScore: z.number().nullable(),
  /** The signer's name from its certificate. */
  signedBy: z.string(),
  /** Signed with the development certificate made at first start: validators will not trust it. */
  developmentCertificate: z.boolean(),
});
export type SharedCredentials = z.infer<typeof sharedCredentials>;

export const sharedPair = z.object({
  /** 1-based among the shown photos, in upload order. */
  position: z.number().int(),
  original: sharedImage,
  /** Always there: a photo without a staged image is never shown to buyers (decision 052). */
  staged: sharedImage,
  credentials: sharedCredentials.nullable(),
});
export type SharedPair = z.infer<typeof sharedPair>;

export const sharedListingResponse = z.object({
  /** The public title set when sharing; null for links made without one (never the internal project name). */
  title: z.string().nullable(),
  /** The workspace's branding while its plan includes it (decision 045), else null (Raumwerk's frame). */
  branding: brandIdentity.nullable(),
  category: z.enum(PROJECT_CATEGORIES),
  pairs: z.array(sharedPair),
});
export type SharedListingResponse = z.infer<typeof sharedListingResponse>;

/**
 * `GET /api/projects/:id/download.zip` options: labelled staged images (`de`/`en`, `1` = English), with originals, label with the
 * share link and QR code, and the photos it holds (`images`: comma-separated original ids; left out: every staged photo).
 */
export const listingZipQuery = z.object({
  label: z.enum(['1', 'de', 'en']).optional(),
  originals: z.enum(['0', '1']).optional(),
  share: z.enum(['0', '1']).optional(),
  images: z
    .string()
    .max(LISTING_PHOTOS_MAX * 37)
    .transform((v) => v.split(','))
    .pipe(listingPhotoIds)
    .optional(),
});
export type ListingZipQuery = z.infer<typeof listingZipQuery>;

/**
 * The ready disclosure sentence for a listing text (project page, copy button), in the words of the
 * engine that stages (issue #35): "edited with AI" only when an AI model stages; the built-in preview
 * engine's results are "digitally edited".
 */
export const LISTING_DISCLOSURE = {
  ai: {
    de: 'Hinweis: Einige Fotos dieses Inserats wurden virtuell eingerichtet (KI-bearbeitet). Möbel und Dekoration sind nicht Teil des Angebots; Räume, Fenster und Böden entsprechen dem Originalfoto.',
    en: 'Note: some photos in this listing have been virtually staged (edited with AI). Furniture and decor are not part of the offer; rooms, windows and floors are as in the original photos.',
  },
  preview: {
    de: 'Hinweis: Einige Fotos dieses Inserats wurden virtuell eingerichtet (digital bearbeitet). Möbel und Dekoration sind nicht Teil des Angebots; Räume, Fenster und Böden entsprechen dem Originalfoto.',
    en: 'Note: some photos in this listing have been virtually staged (digitally edited). Furniture and decor are not part of the offer; rooms, windows and floors are as in the original photos.',
  },
} as const satisfies Record<LandingVariant, Record<'de' | 'en', string>>;

/** The disclosure sentence, followed by the agency's name and contact line when the listing is branded (decision 045). */
export function listingDisclosure(
  language: 'de' | 'en',
  brand: Pick<BrandIdentity, 'displayName' | 'contactName' | 'phone' | 'email' | 'website'> | null | undefined,
  engine: LandingVariant,
): string {
  const base = LISTING_DISCLOSURE[engine][language];
  if (!brand) return base;
  const who = [brand.displayName, contactLine(brand)].filter(Boolean).join(' · ');
  if (!who) return base;
  return `${base} ${language === 'de' ? 'Rückfragen' : 'Questions'}: ${who}`;
}
