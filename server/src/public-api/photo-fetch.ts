import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../contract/limits.js';
import { AppError } from '../errors/app-error.js';
import { OutboundRefused, safeRequest, type OutboundPolicy } from './safe-fetch.js';

/** A photo fetched from a caller's URL with the SSRF rules of safe-fetch.ts, at most MAX_UPLOAD_BYTES, an accepted image type. */
export async function fetchPhoto(outbound: OutboundPolicy, url: string): Promise<{ bytes: Buffer; contentType: string }> {
  let response;
  try {
    response = await safeRequest({ ...outbound, maxBytes: MAX_UPLOAD_BYTES }, url, { method: 'GET', headers: { accept: ACCEPTED_IMAGE_TYPES.join(', ') }, maxRedirects: 3 });
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    if (err.reason === 'private_address' || err.reason === 'not_https') throw AppError.badRequest(`url: ${err.message}`, 'url_not_allowed');
    if (err.reason === 'too_large') throw new AppError(413, 'payload_too_large', `Images can be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`);
    throw AppError.badRequest(`url: ${err.message}`, 'url_fetch_failed');
  }
  if (response.status !== 200) throw AppError.badRequest(`url: the server answered ${response.status}.`, 'url_fetch_failed');
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(contentType)) {
    throw new AppError(415, 'unsupported_media_type', 'url: only JPEG, PNG, WebP and HEIC/HEIF images can be uploaded.');
  }
  return { bytes: response.body, contentType };
}
