/**
 * Test-only: reads back what the disclosure label printed on a picture, without trusting the code
 * that printed it. The QR code is decoded from the pixels with jsQR; the label's language is told
 * from the width of its first line of text, measured against the two expected phrases rendered here
 * on their own (an OCR-free check: "Virtuell eingerichtet" is about a third wider than "Virtually staged").
 */
import jsQRModule from 'jsqr';
import sharp from 'sharp';

// jsQR is CommonJS with a `default` property and ES-module typings: Node hands over module.exports.
const jsQR = jsQRModule.default;

/** The text of the QR code in the picture's bottom-right quarter, or null when none can be read. */
export async function decodeQrCode(jpeg: Buffer): Promise<string | null> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const region = { left: Math.floor(width / 2), top: Math.floor(height / 2), width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
  const { data, info } = await sharp(jpeg).extract(region).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const isInk = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;

/**
 * The horizontal extent in pixels of the label's first line: the topmost band of white pixels in the
 * bottom-left quarter that the label added (white in `labelled`, much brighter than in `clean`: a
 * re-encoding shifts pixels by a few levels, the label's white text on its dark pill by far more).
 */
export async function labelFirstLineWidth(clean: Buffer, labelled: Buffer): Promise<number> {
  const a = await sharp(clean).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(labelled).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = b.info;
  const rows: Array<[number, number] | null> = [];
  for (let y = Math.floor(height / 2); y < height; y++) {
    let min = Infinity;
    let max = -Infinity;
    for (let x = 0; x < width / 2; x++) {
      const i = (y * width + x) * 3;
      const brighter = b.data[i]! + b.data[i + 1]! + b.data[i + 2]! - (a.data[i]! + a.data[i + 1]! + a.data[i + 2]!);
      if (isInk(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!) && brighter > 150) {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
    }
    rows.push(max >= min ? [min, max] : null);
  }
  const first = rows.findIndex(Boolean);
  if (first < 0) throw new Error('no label text found in the bottom-left quarter');
  const end = rows.indexOf(null, first);
  const band = rows.slice(first, end < 0 ? undefined : end) as Array<[number, number]>;
  return Math.max(...band.map(([, max]) => max)) - Math.min(...band.map(([min]) => min)) + 1;
}

/** The ink width of `text` set in the label's font at `fontSize` px. */
export async function renderedTextWidth(text: string, fontSize: number): Promise<number> {
  const svgWidth = Math.ceil(text.length * fontSize * 1.2);
  const svgHeight = Math.ceil(fontSize * 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${svgWidth}" height="${svgHeight}"><rect width="100%" height="100%" fill="#000"/>
    <text x="${fontSize}" y="50%" dominant-baseline="central" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="#fff">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let min = Infinity;
  let max = -Infinity;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (isInk(data[i]!, data[i + 1]!, data[i + 2]!)) {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
    }
  return max - min + 1;
}

/**
 * Which of the two label phrases the labelled picture carries: the one whose rendered width the
 * label's first line matches within `tolerance` px; otherwise a description of what was measured.
 */
export async function labelLanguage(clean: Buffer, labelled: Buffer, tolerance = 6): Promise<string> {
  const { width = 0, height = 0 } = await sharp(clean).metadata();
  // The label's font size as the product sizes it (objects/disclosure-label.ts): 2.8 % of the shorter side.
  const fontSize = Math.max(12, Math.round(Math.min(width, height) * 0.028));
  const measured = await labelFirstLineWidth(clean, labelled);
  const expected = { de: await renderedTextWidth('Virtuell eingerichtet', fontSize), en: await renderedTextWidth('Virtually staged', fontSize) };
  for (const language of ['de', 'en'] as const) if (Math.abs(measured - expected[language]) <= tolerance) return language;
  return `neither (first line ${measured} px wide; de ${expected.de} px, en ${expected.en} px at ${width}×${height})`;
}
