import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from './object-keys.js';

/**
 * The local driver's upload URLs: `/api/objects/upload/<uploadId>.<expiresUnix>.<hmac>`. The HMAC
 * (SHA-256, key derived from SESSION_SECRET) covers id and expiry, so a changed character gives
 * 403; the upload row (checked after the signature) makes the URL single-use.
 */
export const LOCAL_UPLOAD_ROUTE = '/api/objects/upload/';

export function uploadSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('raumwerk:upload-url:v1').digest();
}

function mac(key: Buffer, id: string, expiresUnix: number): string {
  return createHmac('sha256', key).update(`${id}.${expiresUnix}`).digest('base64url');
}

export function signUploadToken(key: Buffer, id: string, expiresAt: Date): string {
  const expiresUnix = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${expiresUnix}.${mac(key, id, expiresUnix)}`;
}

export type TokenCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUploadToken(key: Buffer, token: string, now = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [id, exp, sig] = parts as [string, string, string];
  if (!isUuid(id) || !/^\d{1,12}$/.test(exp)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(key, id, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Number(exp) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, id };
}
