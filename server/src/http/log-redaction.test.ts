import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.js';
import { OneLineRequestLog } from './request-log.js';

describe('URLs in logs', () => {
  it('hide local upload tokens, OIDC code/state and mailed-link tokens; keep the rest', () => {
    expect(redactUrl('/api/objects/upload/0b3c1e2a-aaaa-4bbb-8ccc-123456789012.1790000000.c2lnbmF0dXJl')).toBe('/api/objects/upload/[redacted]');
    expect(redactUrl('/api/callback?code=abc123&state=xyz&iss=http%3A%2F%2Fid')).toBe('/api/callback?code=[redacted]&state=[redacted]&iss=[redacted]');
    expect(redactUrl('/verify-email?token=secret')).toBe('/verify-email?token=[redacted]');
    expect(redactUrl('/api/projects?page=2&Code=x')).toBe('/api/projects?page=2&Code=[redacted]');
    expect(redactUrl('/api/objects/upload')).toBe('/api/objects/upload');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('the one-line request log writes the redacted URL', () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const request = { method: 'GET', url: '/api/callback?code=the-code&state=the-state', ip: '127.0.0.1' } as FastifyRequest;
    const reply = { statusCode: 302, elapsedTime: 3.2, log } as unknown as FastifyReply;
    new OneLineRequestLog().requestCompleted(null, request, reply);
    expect(lines.join('')).toContain('/api/callback?code=[redacted]&state=[redacted]');
    expect(lines.join('')).not.toMatch(/the-code|the-state/);
  });
});
