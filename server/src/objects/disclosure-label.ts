import sharp from 'sharp';
import { fullSizeJpeg, runImageWork } from '../images/image-work.js';

/**
 * Many listing portals require staged photos to say so. Pro and business results carry no brand
 * watermark; on request their download gets this small, neutral "Virtually staged" label instead.
 */
export const DISCLOSURE_TEXT = { de: 'Virtuell eingerichtet', en: 'Virtually staged' } as const;
export type DisclosureLanguage = keyof typeof DISCLOSURE_TEXT;

export async function addDisclosureLabel(image: Buffer, language: DisclosureLanguage): Promise<Buffer> {
  const { width = 1024, height = 768 } = await sharp(image).metadata();
  const text = DISCLOSURE_TEXT[language];
  const fontSize = Math.max(12, Math.round(Math.min(width, height) * 0.028));
  const padX = Math.round(fontSize * 0.8);
  const boxHeight = Math.round(fontSize * 1.9);
  // Inter/system fonts are not guaranteed on the server: size the pill for a generous average glyph width.
  const boxWidth = Math.round(text.length * fontSize * 0.58 + padX * 2);
  const margin = Math.round(fontSize * 1.1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">
    <rect width="100%" height="100%" rx="${boxHeight / 2}" fill="rgba(20,16,12,0.62)"/>
    <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
      font-size="${fontSize}" font-weight="600" fill="#fff">${text}</text>
  </svg>`;
  return runImageWork(() =>
    sharp(image)
      .composite([{ input: Buffer.from(svg), left: margin, top: Math.max(0, height - boxHeight - margin) }])
      .jpeg(fullSizeJpeg(90))
      .toBuffer(),
  );
}
