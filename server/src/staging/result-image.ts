import sharp from 'sharp';
import { PLANS, type PlanId } from '../../../contract/plans.js';
import { THUMBNAIL_MAX_SIDE } from '../../../contract/limits.js';
import { fullSizeJpeg, THUMBNAIL_WEBP } from '../images/image-work.js';
import { provenanceXmp, type ProvenanceKind } from '../images/provenance.js';
import { signJpeg, type CredentialFacts, type SigningMaterial } from '../images/content-credentials.js';
import { DISCLOSURE_TEXT } from '../objects/disclosure-label.js';
import { RENOVATION_LABEL } from '../../../contract/renovation.js';
import type { LockComposite } from './geometry-lock/lock-result.js';
import { asBuffer } from './geometry-lock/alignment/working-images.js';
import { runInCvThread } from './geometry-lock/threads/cv-threads.js';

/** The free plan's watermark in the account's language (the same words as the download label). */
export const watermarkText = (language: 'de' | 'en'): string => `${DISCLOSURE_TEXT[language]} · Raumwerk`;

export interface FinishedImage {
  image: Buffer;
  mimeType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
  thumbnail: Buffer;
}

/** What the finished JPEG's Content Credentials say and who signs them (images/content-credentials.ts, decision 060). */
export interface ResultCredentials {
  facts: CredentialFacts;
  material: SigningMaterial;
  /** A small JPEG of the original photo: the ingredient's thumbnail. */
  originalThumbnail?: Uint8Array;
}

/**
 * The plan's promise applied to the geometry lock's composite (DESIGN §4, §6): free results fit
 * 1280x720 (720x1280 upright) and carry the "Virtually staged" watermark; pro/business keep up to
 * 3840 px on the long side without it. Never enlarged; stored as JPEG whose only metadata is the
 * disclosure XMP (images/provenance.ts, decision 026), with a WebP thumbnail carrying it too. The
 * composite is drawn here, at the delivered size, in one libvips pass from the original's decoder to
 * the JPEG encoder (no intermediate file, no raw full-resolution buffer).
 */
export async function finishResult(
  composite: LockComposite,
  planId: PlanId,
  kind: ProvenanceKind = 'furnish',
  language: 'de' | 'en' = 'en',
  credentials?: ResultCredentials,
): Promise<FinishedImage> {
  const xmp = provenanceXmp(kind);
  const plan = PLANS[planId] ?? PLANS.free;
  const { width: inW, height: inH } = composite;
  const box = plan.maxResultSize
    ? inH > inW
      ? { width: plan.maxResultSize.height, height: plan.maxResultSize.width }
      : plan.maxResultSize
    : { width: plan.maxResultLongSide, height: plan.maxResultLongSide };
  // Composited at the output size (the label is sized from it); never enlarged.
  const scale = Math.min(1, box.width / inW, box.height / inH);
  const [outW, outH] = [Math.max(1, Math.round(inW * scale)), Math.max(1, Math.round(inH * scale))];
  // One pixel of slack: an overlay larger than the image is an error.
  // A renovation preview always says so on the image (decision 062); the free plan's watermark joins it.
  const text = kind === 'renovate' ? (plan.watermark ? `${RENOVATION_LABEL[language]} · Raumwerk` : RENOVATION_LABEL[language]) : plan.watermark ? watermarkText(language) : null;
  const overlays = text ? [{ input: watermarkSvg(Math.max(1, outW - 1), Math.max(1, outH - 1), text), gravity: 'southeast' }] : [];
  const pipeline = await composite.render({ width: outW, height: outH }, overlays);
  const { data: encoded, info } = await pipeline.jpeg(fullSizeJpeg(90)).withXmp(xmp).toBuffer({ resolveWithObject: true });
  // Signed once here, where the result is made: every delivery of the stored file carries the manifest.
  const image = credentials ? await signJpeg(encoded, credentials.facts, credentials.material, { originalThumbnail: credentials.originalThumbnail }) : encoded;
  // From the finished JPEG, so the thumbnail shows the watermark too (shrink-on-load keeps it cheap).
  return { image, mimeType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height, thumbnail: await thumbnailOf(image, xmp) };
}

/**
 * `finishResult` in an image thread (decision 057): the composite's drawing (colour correction and
 * light removal loop over its pixels in JavaScript), the watermark, both encodes and the Content
 * Credentials' signing stay off the event loop; only the finished files come back. A composite without its `source` is finished here.
 */
export async function finishLocked(
  composite: LockComposite,
  planId: PlanId,
  kind: ProvenanceKind,
  language: 'de' | 'en',
  signal?: AbortSignal,
  credentials?: ResultCredentials,
): Promise<FinishedImage> {
  if (!composite.source) return finishResult(composite, planId, kind, language, credentials);
  const finished = await runInCvThread('finish', { compose: composite.source, planId, kind, language, credentials }, signal);
  return { ...finished, image: asBuffer(finished.image), thumbnail: asBuffer(finished.thumbnail) };
}

function thumbnailOf(image: Buffer, xmp: string): Promise<Buffer> {
  return sharp(image).resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside' }).webp(THUMBNAIL_WEBP).withXmp(xmp).toBuffer();
}

/** A translucent label in the bottom-right corner, sized to the image (readable at thumbnail size too). */
export function watermarkSvg(width: number, height: number, text = watermarkText('en')): Buffer {
  const fontSize = Math.max(12, Math.round(Math.min(width, height * 1.6) * 0.026));
  const padX = Math.round(fontSize * 0.8);
  const labelWidth = Math.min(width, Math.round(text.length * fontSize * 0.58 + padX * 2));
  const labelHeight = Math.round(fontSize * 1.9);
  const margin = Math.round(fontSize * 0.8);
  const w = Math.min(width, labelWidth + margin);
  const h = Math.min(height, labelHeight + margin);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
      `<rect x="0" y="0" width="${labelWidth}" height="${labelHeight}" rx="${Math.round(labelHeight / 2)}" fill="#000" fill-opacity="0.5"/>` +
      `<text x="${labelWidth / 2}" y="${labelHeight / 2}" dy="0.35em" text-anchor="middle" fill="#fff" fill-opacity="0.92" ` +
      `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="600">${escapeXml(text)}</text>` +
      `</svg>`,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
