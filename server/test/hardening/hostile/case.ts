import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ErrorCode } from '../../../../contract/errors.js';
import type { World } from './world.js';

/**
 * One hostile request: the registered route it attacks (`METHOD /path` as Fastify prints it, for
 * the coverage check), the request built from the world, the status and error code it must get,
 * and optional extra checks (stored verbatim, nothing granted, ...).
 */
export interface HostileCase {
  name: string;
  route: string;
  request(world: World): InjectOptions | Promise<InjectOptions>;
  expectStatus: number;
  expectCode?: ErrorCode;
  verify?(response: LightMyRequestResponse, world: World): void | Promise<void>;
  /** Undo what a case had to set up (e.g. credits taken away from the attacker). */
  cleanup?(world: World): void | Promise<void>;
}

export const EVIL_ORIGIN = 'https://evil.example';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A JSON request (payload objects are serialised by inject) with an optional session cookie. */
export function call(method: Method, url: string, cookie?: string | null, payload?: unknown, headers: Record<string, string> = {}): InjectOptions {
  return {
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  };
}

/** A request whose body is sent byte for byte with the given content type. */
export function rawBody(method: Method, url: string, cookie: string | null, body: string | Buffer, contentType = 'application/json'): InjectOptions {
  return call(method, url, cookie, body, { 'content-type': contentType });
}

/** A body just over the 1 MB JSON limit. */
export function oversizedJson(): string {
  return JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
}

export const NUL = '\u0000';
export const RTL_OVERRIDE = '\u202e';
export const ZERO_WIDTH = '\u200b\u200d\ufeff';
export const SCRIPT = '<script>alert(1)</script>';
export const SQL = `'; DROP TABLE projects; --`;
