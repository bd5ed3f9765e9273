import sharp from 'sharp';
import { BRANDING_LIMITS, LOGO_CONTENT_TYPES } from '../../../contract/branding.js';
import { AppError } from '../errors/app-error.js';
import { isSharpTimeout, runImageWork, UNTRUSTED_IMAGE_TIMEOUT } from '../images/image-work.js';
import { svgOverBudget } from './svg-budget.js';

/** Larger pictures are refused before decoding (a 1 MB PNG can still claim gigapixels). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface RenderedLogo {
  png: Buffer;
  width: number;
  height: number;
}

export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export function isLogoContentType(value: string | undefined): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * Decision 045: every logo is stored as a PNG the server rendered, at most `logoMaxSide` on its
 * longest side, metadata stripped. An SVG is rasterised by sharp (librsvg), which runs no script and
 * loads no external reference, so nothing active or remote survives into what pages, labels and
 * readers see; the SVG itself is never stored or served.
 */
export async function renderLogo(bytes: Buffer, contentType: LogoContentType): Promise<RenderedLogo> {
  const max = BRANDING_LIMITS.logoMaxSide;
  const unreadable = () => new AppError(422, 'unprocessable_image', 'The logo could not be read. Please upload a PNG, SVG, JPEG or WebP file.');
  const svg = contentType === 'image/svg+xml';
  if (svg && !looksLikeSvg(bytes)) throw unreadable();
  // Decision 049: refused before it may take an image-work slot.
  const refusal = svg ? svgOverBudget(bytes.toString('utf8')) : null;
  if (refusal === 'not_xml' || refusal === 'doctype') throw unreadable();
  if (refusal !== null) throw tooComplex();
  try {
    return await runImageWork(async () => {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw unreadable();
      if (!svg && meta.format === 'svg') throw unreadable(); // an SVG declared as a bitmap
      // Vector logos: render at the density that makes the longest side `max` pixels (sharp's default is 72 dpi).
      const density = svg ? Math.min(2400, Math.max(1, (72 * max) / Math.max(meta.width, meta.height))) : undefined;
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) })
        .autoOrient()
        .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: !svg })
        .png({ compressionLevel: 9 })
        .timeout(UNTRUSTED_IMAGE_TIMEOUT.logo)
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isSharpTimeout(err)) throw tooComplex();
    throw unreadable();
  }
}

const tooComplex = () =>
  new AppError(422, 'logo_too_complex', 'This logo is too complex to render (SVG filters, very many or deeply nested shapes). Please upload a simpler SVG or a PNG.');

function looksLikeSvg(bytes: Buffer): boolean {
  return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'));
}
