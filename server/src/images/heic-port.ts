/**
 * Where HEIC/HEIF files are decoded (decision 059): in an image thread (decision 057), wired by the
 * composition (services.ts → staging/engine-wiring.ts `decodeHeicInImageThread`). Unwired (unit tests of
 * the intake alone), the decoder runs on the calling thread.
 */
export interface HeicLimits {
  maxPixels: number;
  maxSide: number;
  minSide: number;
}

/** The decoder's answer: the primary image as a JPEG (heic-decode.ts), or why it could not be read. */
export type HeicDecoded = { jpeg: Uint8Array } | { error: { reason: 'unreadable' | 'dimensions'; message: string } };

export type HeicDecoder = (bytes: Uint8Array, limits: HeicLimits, signal: AbortSignal) => Promise<HeicDecoded>;

let decoder: HeicDecoder = async (bytes, limits) => (await import('./heic-decode.js')).heicToJpegResult(bytes, limits);

export function configureHeicDecoding(decode: HeicDecoder): void {
  decoder = decode;
}

export function decodeHeic(bytes: Uint8Array, limits: HeicLimits, signal: AbortSignal): Promise<HeicDecoded> {
  return decoder(bytes, limits, signal);
}
