import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { PLANS, type PlanId } from '../../../contract/plans.js';
import { AppError } from '../errors/app-error.js';
import { fullSizeJpeg, runImageWork, UNTRUSTED_IMAGE_TIMEOUT } from '../images/image-work.js';
import { provenanceOf, PROVENANCE_DESCRIPTION } from '../images/provenance.js';
import { RENOVATION_LABEL } from '../../../contract/renovation.js';
import { signLabelled } from '../images/content-credentials.js';
import { signingIdentity } from '../images/signing-identity.js';

/**
 * Many listing portals require staged photos to say so. Pro and business results carry no brand
 * watermark; on request their download gets this small, neutral "Virtually staged" label instead,
 * optionally with the project's share link as text and a QR code (decision 026), so a printed
 * exposé leads to the before/after page. The disclosure XMP stays in the file, and the copy is signed
 * with Content Credentials of its own (decision 060).
 */
export const DISCLOSURE_TEXT = { de: 'Virtuell eingerichtet', en: 'Virtually staged' } as const;
export type DisclosureLanguage = keyof typeof DISCLOSURE_TEXT;

/** Labelled downloads are a Pro and Business feature (contract/plans.ts `disclosureLabel`); free results carry the watermark. */
export function assertLabelAllowed(plan: PlanId): void {
  if (!(PLANS[plan] ?? PLANS.free).disclosureLabel) throw AppError.forbidden('The "Virtually staged" label is part of the Pro and Business plans.');
}

export interface LabelOptions {
  /** The share page's URL: printed under the label and as a QR code in the bottom-right corner. */
  link?: string;
  /** The workspace's logo (a PNG the branding feature rendered, decision 045): on a white tile at the label's left. */
  brandLogo?: Buffer;
  /** Gives up (also while waiting for an image slot) when the download is abandoned. */
  signal?: AbortSignal;
}

export async function addDisclosureLabel(image: Buffer, language: DisclosureLanguage, options: LabelOptions = {}): Promise<Buffer> {
  const { width = 1024, height = 768 } = await sharp(image).metadata();
  const xmp = await provenanceOf(image);
  // A renovation preview is labelled as one, not as staged (decision 062).
  const text = xmp.includes(PROVENANCE_DESCRIPTION.renovate) ? RENOVATION_LABEL[language] : DISCLOSURE_TEXT[language];
  const fontSize = Math.max(12, Math.round(Math.min(width, height) * 0.028));
  const padX = Math.round(fontSize * 0.8);
  const margin = Math.round(fontSize * 1.1);
  const link = options.link?.replace(/^https?:\/\//, '');
  const linkSize = Math.max(10, Math.round(fontSize * 0.62));
  // Inter/system fonts are not guaranteed on the server: size the pill for a generous average glyph width.
  const textWidth = Math.round(Math.max(text.length * fontSize * 0.58, link ? link.length * linkSize * 0.6 : 0) + padX * 2);
  const boxHeight = Math.round(fontSize * 1.9 + (link ? linkSize * 1.5 : 0) + (options.brandLogo ? fontSize * 0.8 : 0));
  const tile = options.brandLogo ? await logoTile(options.brandLogo, boxHeight, fontSize) : null;
  const textLeft = tile ? tile.inset + tile.width : 0;
  const boxWidth = Math.min(width - 2 * margin, textLeft + textWidth);
  const radius = link || tile ? Math.round(fontSize * 0.6) : boxHeight / 2;
  const lines = boxHeight - (tile ? fontSize * 0.8 : 0);
  const textY = Math.round((link ? fontSize * 1.25 : lines / 2) + (tile ? fontSize * 0.4 : 0));
  const textX = Math.round(textLeft + (boxWidth - textLeft) / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">
    <rect width="100%" height="100%" rx="${radius}" fill="rgba(20,16,12,0.62)"/>
    ${tile ? `<rect x="${tile.inset}" y="${tile.inset}" width="${tile.width}" height="${boxHeight - 2 * tile.inset}" rx="${Math.max(2, radius - tile.inset)}" fill="#fff"/>` : ''}
    <text x="${textX}" y="${textY}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
      font-size="${fontSize}" font-weight="600" fill="#fff">${text}</text>
    ${link ? `<text x="${textX}" y="${Math.round(fontSize * 2.35 + (tile ? fontSize * 0.4 : 0))}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-size="${linkSize}" fill="#fff">${escapeXml(link)}</text>` : ''}
  </svg>`;
  const boxTop = Math.max(0, height - boxHeight - margin);
  const overlays: OverlayOptions[] = [{ input: Buffer.from(svg), left: margin, top: boxTop }];
  if (tile) overlays.push({ input: tile.logo, left: margin + tile.inset + tile.pad, top: boxTop + Math.round((boxHeight - tile.logoHeight) / 2) });
  if (options.link) {
    const side = Math.max(64, Math.round(Math.min(width, height) * 0.16));
    const qr = await QRCode.toBuffer(options.link, { type: 'png', width: side, margin: 2, errorCorrectionLevel: 'M' });
    const qrSide = (await sharp(qr).metadata()).width ?? side;
    overlays.push({ input: qr, left: Math.max(0, width - qrSide - margin), top: Math.max(0, height - qrSide - margin) });
  }
  const labelled = await runImageWork(() => sharp(image).composite(overlays).jpeg(fullSizeJpeg(90)).withXmp(xmp).timeout(UNTRUSTED_IMAGE_TIMEOUT.label).toBuffer(), { signal: options.signal });
  // Its own Content Credentials (decision 060): the stored result's facts plus the label, bound to these bytes.
  const { certificatesPem, privateKeyPem } = await signingIdentity();
  return signLabelled({ source: image, labelled, label: language, material: { certificatesPem, privateKeyPem } }, options.signal);
}

/** The logo scaled into a tile as high as the label (less an inset), at most seven letters wide. */
async function logoTile(png: Buffer, boxHeight: number, fontSize: number) {
  const inset = Math.max(3, Math.round(fontSize * 0.3));
  const pad = Math.max(3, Math.round(fontSize * 0.35));
  const { data, info } = await sharp(png)
    .resize({ width: Math.round(fontSize * 7), height: Math.max(8, boxHeight - 2 * inset - 2 * pad), fit: 'inside' })
    .png()
    .timeout(UNTRUSTED_IMAGE_TIMEOUT.label)
    .toBuffer({ resolveWithObject: true });
  return { logo: data, logoHeight: info.height, inset, pad, width: info.width + 2 * pad };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
