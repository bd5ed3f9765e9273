import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError, engineMessages } from './engine.js';
import { durationToMs, mapGenericError, retryAfterFromHeaders, runProviderCall } from './provider-call.js';
import { cappedFetch, decodeBase64Image, readBodyCapped, verifiedImage } from './reply-limits.js';

const never = () => new Promise<never>(() => {});
const unexpected = () => new EngineError('unexpected', 'permanent');

describe('runProviderCall', () => {
  it('turns the deadline into a transient timeout even when the call ignores its signal', async () => {
    await expect(runProviderCall({ timeoutMs: 50 }, never, unexpected)).rejects.toMatchObject({ kind: 'transient', message: engineMessages.timeout });
  });

  it('reports the caller aborting as a cancellation', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(runProviderCall({ timeoutMs: 5_000, signal: controller.signal }, never, unexpected)).rejects.toMatchObject({ message: engineMessages.cancelled });
    controller.abort();
    await expect(runProviderCall({ timeoutMs: 5_000, signal: controller.signal }, never, unexpected)).rejects.toMatchObject({ message: engineMessages.cancelled });
  });

  it('passes EngineErrors through and maps everything else', async () => {
    const own = new EngineError(engineMessages.noImage, 'permanent');
    await expect(runProviderCall({ timeoutMs: 1_000 }, () => Promise.reject(own), unexpected)).rejects.toBe(own);
    await expect(runProviderCall({ timeoutMs: 1_000 }, () => Promise.reject(new Error('x')), unexpected)).rejects.toMatchObject({ message: 'unexpected' });
    await expect(runProviderCall({ timeoutMs: 1_000 }, async () => 42, unexpected)).resolves.toBe(42);
  });

  it('classifies generic failures', () => {
    expect(mapGenericError(new SyntaxError('Unexpected end of JSON input'))).toMatchObject({ kind: 'permanent', message: engineMessages.malformed });
    expect(mapGenericError(new TypeError('fetch failed'))).toMatchObject({ kind: 'transient', message: engineMessages.network });
    expect(mapGenericError(new Error('boom'))).toMatchObject({ kind: 'permanent', message: engineMessages.failed });
  });
});

describe('retry hints', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterFromHeaders(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }))).toBe(1500);
    expect(retryAfterFromHeaders(headers({ 'retry-after': '7' }))).toBe(7000);
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterFromHeaders(headers({ 'retry-after': 'Thu, 01 Jan 2026 10:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterFromHeaders(headers({}))).toBeUndefined();
    expect(retryAfterFromHeaders(headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });

  it('reads Google durations', () => {
    expect(durationToMs('28s')).toBe(28_000);
    expect(durationToMs('1.5s')).toBe(1_500);
    expect(durationToMs('later')).toBeUndefined();
  });
});

describe('reply limits', () => {
  it('stops bodies past the cap, declared or streamed', async () => {
    const big = new Uint8Array(5_000);
    const declared = cappedFetch(1_000, async () => new Response(big, { headers: { 'content-length': '5000' } }));
    await expect(declared('http://x')).rejects.toMatchObject({ message: engineMessages.oversized });
    const stream = () => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(big), c.close()) });
    const streamed = cappedFetch(1_000, async () => new Response(stream()));
    await expect((await streamed('http://x')).arrayBuffer()).rejects.toMatchObject({ message: engineMessages.oversized });
    await expect(readBodyCapped(new Response(stream()), 1_000)).rejects.toMatchObject({ message: engineMessages.oversized });
    expect((await readBodyCapped(new Response(stream()), 10_000)).length).toBe(5_000);
  });

  it('accepts only plausible base64', () => {
    expect(decodeBase64Image(Buffer.from('hello').toString('base64'), 100).toString()).toBe('hello');
    expect(() => decodeBase64Image(undefined, 100)).toThrow(engineMessages.malformed);
    expect(() => decodeBase64Image('not base64!', 100)).toThrow(engineMessages.malformed);
    expect(() => decodeBase64Image('A'.repeat(400), 100)).toThrow(engineMessages.oversized);
  });

  it('verifies images by decoding them and reports their real type', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
    expect(await verifiedImage(png, 1e6)).toMatchObject({ mimeType: 'image/png' });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).gif().toBuffer();
    expect(await verifiedImage(gif, 1e6)).toMatchObject({ mimeType: 'image/jpeg' });
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    await expect(verifiedImage(jpeg.subarray(0, jpeg.length / 2), 1e6)).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.malformed });
    await expect(verifiedImage(Buffer.from('<html/>'), 1e6)).rejects.toMatchObject({ message: engineMessages.malformed });
    await expect(verifiedImage(png, 10)).rejects.toMatchObject({ message: engineMessages.oversized });
  });
});
