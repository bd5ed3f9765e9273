import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users.js';
import { signUp } from './test-app.js';

/** Public API test support: a Business user with a key, and Bearer requests through `app.inject`. */
export interface ApiUser {
  userId: string;
  cookie: string;
  key: string;
  keyId: string;
  signingSecret: string;
}

export async function setPlan(app: FastifyInstance, userId: string, plan: 'free' | 'pro' | 'business', creditsLimit = 1000) {
  await app.db.update(users).set({ subscriptionPlan: plan, creditsLimit }).where(eq(users.id, userId));
}

export async function createKey(app: FastifyInstance, cookie: string, scopes: Array<'stage' | 'read'> = ['stage', 'read'], name = 'CRM') {
  const response = await app.inject({ method: 'POST', url: '/api/settings/api/keys', headers: { cookie }, payload: { name, scopes } });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { key: string; signingSecret: string; apiKey: { id: string } };
  return { key: body.key, keyId: body.apiKey.id, signingSecret: body.signingSecret };
}

export async function businessUser(app: FastifyInstance, options: { creditsLimit?: number; scopes?: Array<'stage' | 'read'> } = {}): Promise<ApiUser> {
  const { cookie, user } = await signUp(app);
  await setPlan(app, user.id, 'business', options.creditsLimit ?? 1000);
  return { userId: user.id, cookie, ...(await createKey(app, cookie, options.scopes)) };
}

export function bearer(key: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${key}`, ...extra };
}

/** A multipart/form-data body with one `file` part, as curl -F sends it. */
export function multipartPhoto(bytes: Buffer, contentType = 'image/jpeg', filename = 'room.jpg') {
  const boundary = `----raumwerk${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadPhoto(app: FastifyInstance, key: string, bytes: Buffer, extra: Record<string, string> = {}): Promise<string> {
  const body = multipartPhoto(bytes);
  const response = await app.inject({ method: 'POST', url: '/api/v1/photos', headers: { ...bearer(key, extra), ...body.headers }, payload: body.payload } as InjectOptions);
  if (response.statusCode !== 201) throw new Error(`photo upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}
