import sharp from 'sharp';
import { EngineError, engineMessages } from './engine.js';

/** 25 MB decoded: a 4K JPEG/PNG from any provider is far below; more means garbage or abuse. */
export const DEFAULT_MAX_REPLY_BYTES = 25 * 1024 * 1024;

/** Room for base64 (4/3) plus JSON envelope around an image of `maxImageBytes`. */
export function jsonBudgetFor(maxImageBytes: number): number {
  return Math.ceil((maxImageBytes * 4) / 3) + 256 * 1024;
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch whose response bodies stop at `maxBytes` (declared length checked up front, streamed
 * length counted), so an SDK that reads a whole reply into memory cannot be flooded.
 */
export function cappedFetch(maxBytes: number, inner: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length') ?? 'NaN');
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new EngineError(engineMessages.oversized, 'permanent');
    }
    if (!response.body) return response;
    return new Response(response.body.pipeThrough(byteLimit(maxBytes)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function byteLimit(maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new EngineError(engineMessages.oversized, 'permanent'));
      else controller.enqueue(chunk);
    },
  });
}

/** Reads a whole body, failing as "oversized" past `maxBytes`. */
export async function readBodyCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new EngineError(engineMessages.oversized, 'permanent');
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new EngineError(engineMessages.oversized, 'permanent');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes a provider's base64 image field; anything but a plausible base64 string is "malformed". */
export function decodeBase64Image(value: unknown, maxBytes: number): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new EngineError(engineMessages.malformed, 'permanent');
  const compact = value.replace(/\s+/g, '');
  if (Math.floor((compact.length * 3) / 4) > maxBytes) throw new EngineError(engineMessages.oversized, 'permanent');
  if (!BASE64.test(compact)) throw new EngineError(engineMessages.malformed, 'permanent');
  return Buffer.from(compact, 'base64');
}

const MIME_BY_FORMAT: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Proves the provider's bytes are an image sharp can decode and returns them with their real MIME
 * type (the declared one is not trusted). Other decodable formats (gif, tiff, avif...) become JPEG so
 * the rest of the app only ever stores the three web formats.
 */
export async function verifiedImage(bytes: Buffer, maxBytes: number): Promise<{ image: Buffer; mimeType: string }> {
  if (bytes.length > maxBytes) throw new EngineError(engineMessages.oversized, 'permanent');
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Decoding the whole image catches truncated files that still have a valid header.
    await sharp(bytes).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
    const mimeType = meta.format ? MIME_BY_FORMAT[meta.format] : undefined;
    if (mimeType) return { image: bytes, mimeType };
    return { image: await sharp(bytes).jpeg({ quality: 92 }).toBuffer(), mimeType: 'image/jpeg' };
  } catch (error) {
    throw new EngineError(engineMessages.malformed, 'permanent', undefined, { cause: error });
  }
}
