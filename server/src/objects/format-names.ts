/**
 * What a file that cannot be staged is, by its first bytes (issue 39 item 4): the refusal names it
 * ("a TIFF image", "a PDF document") and says how to send it instead, rather than only "not a PNG".
 * HEIC/HEIF is read (decision 059) and so not listed; AVIF is HEIF-based but AV1-coded.
 */
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

export function formatName(bytes: Uint8Array): string | null {
  const head = ascii(bytes, 0, 16);
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'a TIFF image (or a camera RAW file such as DNG, CR2 or NEF)';
  if (head.startsWith('GIF8')) return 'a GIF image';
  if (head.startsWith('BM')) return 'a BMP image';
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (head.startsWith('8BPS')) return 'a Photoshop (PSD) file';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'an AVIF image';
    if (brand === 'crx ') return 'a Canon RAW (CR3) file';
    if (/^(qt {2}|isom|iso\d|mp4\d|M4V |3gp\d)/.test(brand)) return 'a video';
  }
  if (bytes[0] === 0xff && bytes[1] === 0x0a) return 'a JPEG XL image';
  if (ascii(bytes, 4, 8) === 'JXL \r\n\x87\n') return 'a JPEG XL image';
  if (head.startsWith('PK\x03\x04')) return 'a ZIP archive';
  if (/^\s*(<\?xml|<svg)/i.test(ascii(bytes, 0, 64))) return 'an SVG drawing';
  return null;
}

export const howToSend = 'Raumwerk reads JPEG, PNG, WebP and HEIC/HEIF photos: save or export it as JPEG and upload that.';
