import { z } from 'zod';
import { singleLineText } from './text.js';

/**
 * A workspace's branding (issue #24 item 4, decision 045): logo, display name, contact line and
 * accent colour, set by the owner or an admin of a workspace whose plan has `branding` (Business).
 *   GET/PUT /api/workspaces/:workspaceId/branding, PUT/DELETE /api/workspaces/:workspaceId/branding/logo
 */
export const BRANDING_LIMITS = {
  displayName: 80,
  contactName: 80,
  phone: 40,
  email: 254,
  website: 200,
  /** The uploaded logo file (PNG, SVG, JPEG or WebP). */
  logoBytes: 1024 * 1024,
  /** The stored PNG's longest side; larger logos are scaled down, SVGs are rendered at this size. */
  logoMaxSide: 800,
} as const;

/** What a logo upload may be; every one is stored as a PNG the server rendered (no SVG survives). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/svg+xml', 'image/jpeg', 'image/webp'] as const;

/**
 * Every field is shown on one line (share page, label) and written into the zip's README, so each
 * refuses control characters, line breaks and NUL included (contract/text.ts): a CRLF could add a
 * line to the README, a NUL is refused by PostgreSQL.
 */
const text = (max: number) =>
  singleLineText(max)
    .transform((v) => v || null)
    .nullable()
    .default(null);

export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const updateBrandingRequest = z.object({
  displayName: text(BRANDING_LIMITS.displayName),
  contactName: text(BRANDING_LIMITS.contactName),
  phone: singleLineText(BRANDING_LIMITS.phone)
    .regex(/^[+0-9 ()/.-]*$/, 'A phone number may contain digits, spaces and + ( ) / . - only.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
  email: singleLineText(BRANDING_LIMITS.email)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Not a valid e-mail address.')
    .transform((v) => v.toLowerCase() || null)
    .nullable()
    .default(null),
  /** An http(s) address; "example.com" becomes "https://example.com". */
  website: singleLineText(BRANDING_LIMITS.website)
    .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
    .refine((v) => v === '' || isWebAddress(v), 'Not a valid web address.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
  accentColor: z
    .string()
    .regex(ACCENT_COLOR_PATTERN, 'The accent colour must be a hex colour like #1f6feb.')
    .transform((v) => v.toLowerCase())
    .nullable()
    .default(null),
});
export type UpdateBrandingRequest = z.input<typeof updateBrandingRequest>;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What a share page, label and readme show (null fields are left out). */
export const brandIdentity = z.object({
  displayName: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  accentColor: z.string().nullable(),
  /** The logo (PNG) for the reader of this answer, or null. */
  logoUrl: z.string().nullable(),
  logoWidth: z.number().int().nullable(),
  logoHeight: z.number().int().nullable(),
});
export type BrandIdentity = z.infer<typeof brandIdentity>;

export const brandingResponse = z.object({
  /** The workspace's plan includes branding (else it is stored but shown nowhere, and cannot be changed). */
  available: z.boolean(),
  /** The caller may change it (owner or admin). */
  canEdit: z.boolean(),
  branding: brandIdentity,
});
export type BrandingResponse = z.infer<typeof brandingResponse>;

/** The contact line ("Anna Muster · +49 … · anna@… · muster.de"), in the order a card shows it. */
export function contactLine(brand: Pick<BrandIdentity, 'contactName' | 'phone' | 'email' | 'website'>): string {
  const site = brand.website?.replace(/^https?:\/\//i, '').replace(/\/$/, '') ?? null;
  return [brand.contactName, brand.phone, brand.email, site].filter(Boolean).join(' · ');
}
