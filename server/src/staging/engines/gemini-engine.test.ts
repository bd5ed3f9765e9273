import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineMessages, type StageInput } from './engine.js';
import { FakeGemini, type GeminiFakeMode } from '../../../test/fakes/providers/fake-gemini.js';
import { GeminiStagingEngine, type GeminiEngineOptions } from './gemini-engine.js';
import { renderSampleRoom } from './sample-room.js';

let fake: FakeGemini;
let room: Buffer;
const engineFor = (options: Partial<GeminiEngineOptions> = {}) =>
  new GeminiStagingEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: 'gemini-2.5-flash-image', timeoutMs: 5_000, ...options });
const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  image: room,
  mimeType: 'image/jpeg',
  styleId: 'industrial',
  styleName: 'Industrial',
  styleDescription: 'Dark leather, reclaimed wood, black steel and concrete accents.',
  ...overrides,
});

beforeAll(async () => {
  fake = await new FakeGemini().start();
  room = await renderSampleRoom(2, 480, 360);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.calls.length = 0;
  fake.requests.length = 0;
});

describe('GeminiStagingEngine against the fake generateContent API', () => {
  it('sends the prompt first, then the photo, and returns the image part', async () => {
    const result = await engineFor().stage(input({ roomType: 'living room' }));
    expect(result).toMatchObject({ engine: 'gemini:gemini-2.5-flash-image', mimeType: 'image/png' });
    expect(await sharp(result.image).metadata()).toMatchObject({ format: 'png', width: 1024, height: 768 });
    expect(fake.requests[0].headers['x-goog-api-key']).toBe(fake.apiKey);
    const [call] = fake.calls;
    expect(call).toMatchObject({ model: 'gemini-2.5-flash-image', apiKeyVia: 'header', partOrder: ['text', 'image'], aspectRatio: '4:3', casing: 'camel' });
    expect(call.responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(call.image).toEqual({ mimeType: 'image/jpeg', bytes: room.length });
    expect(call.text).toContain('dark cognac leather');
    expect(call.text).toContain('It shows an empty living room.');
  });

  it('skips thought parts and takes the final image', async () => {
    fake.mode = 'thought-first';
    const result = await engineFor().stage(input());
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 1024, height: 768 });
  });

  const failures: Array<[GeminiFakeMode, 'transient' | 'permanent', string, number | undefined]> = [
    ['prompt-blocked', 'permanent', engineMessages.contentPolicy, undefined],
    ['image-safety', 'permanent', engineMessages.contentPolicy, undefined],
    ['prohibited-text-only', 'permanent', engineMessages.contentPolicy, undefined],
    ['text-only', 'permanent', engineMessages.noImage, undefined],
    ['no-image', 'permanent', engineMessages.noImage, undefined],
    ['rate-limited', 'transient', engineMessages.rateLimited, 28_000],
    ['unavailable', 'transient', engineMessages.unavailable, undefined],
    ['internal', 'transient', engineMessages.unavailable, undefined],
    ['malformed-json', 'permanent', engineMessages.malformed, undefined],
    ['oversized', 'permanent', engineMessages.oversized, undefined],
    ['forbidden', 'permanent', engineMessages.forbidden, undefined],
  ];
  it.each(failures)('maps %s to a %s EngineError', async (mode, kind, message, retryAfterMs) => {
    fake.mode = mode;
    const error = await engineFor({ maxReplyBytes: 100_000 }).stage(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineError', kind, message });
    expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(retryAfterMs);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops reading a reply far past the size cap', async () => {
    fake.mode = 'oversized';
    fake.oversizedBytes = 600_000;
    try {
      await expect(engineFor({ maxReplyBytes: 100_000 }).stage(input())).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.oversized });
    } finally {
      fake.oversizedBytes = 200_000;
    }
  });

  it('rejects an unreadable upload before calling the provider', async () => {
    await expect(engineFor().stage(input({ image: Buffer.from('not an image') }))).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.unreadableInput });
    expect(fake.requests).toHaveLength(0);
  });

  it('reports a bad key and an unknown model as permanent', async () => {
    await expect(engineFor({ apiKey: 'wrong' }).stage(input())).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.badKey });
    await expect(engineFor({ model: 'gemini-0-retired' }).stage(input())).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.unknownModel });
    // The unknown model reached the API under its own name and was refused there (no call was understood).
    expect(fake.requests.map((r) => new URL(r.url, 'http://fake.local').pathname)).toEqual([
      '/v1beta/models/gemini-2.5-flash-image:generateContent',
      '/v1beta/models/gemini-0-retired:generateContent',
    ]);
    expect(fake.calls).toEqual([]);
  });

  it('calls the configured model, not a built-in one', async () => {
    const result = await engineFor({ model: 'gemini-3.1-flash-image' }).stage(input());
    expect(result.engine).toBe('gemini:gemini-3.1-flash-image');
    expect(fake.calls.map((c) => c.model)).toEqual(['gemini-3.1-flash-image']);
  });

  it('gives up on a slow answer at the deadline', async () => {
    // The fake answers (with an image) after 5 s: only giving up at the 300 ms deadline makes this a timeout.
    fake.mode = 'slow';
    await expect(engineFor({ timeoutMs: 300 }).stage(input())).rejects.toMatchObject({ kind: 'transient', message: engineMessages.timeout });
  });
});

describe('FakeGemini', () => {
  it('accepts the snake_case REST spelling and the ?key= form', async () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Edit this photo.' }, { inline_data: { mime_type: 'image/jpeg', data: room.toString('base64') } }] }],
      generation_config: { response_modalities: ['IMAGE'] },
    };
    const response = await fetch(`${fake.baseUrl}/v1beta/models/gemini-2.5-flash-image:generateContent?key=${fake.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { candidates: Array<{ content: { parts: Array<{ inlineData?: { mimeType: string } }> } }> };
    expect(json.candidates[0].content.parts[1].inlineData?.mimeType).toBe('image/png');
    expect(fake.calls[0]).toMatchObject({ apiKeyVia: 'query', casing: 'snake', responseModalities: ['IMAGE'] });
  });

  const call = (model: string) =>
    fetch(`${fake.baseUrl}/v1beta/models/${model}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': fake.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Edit this photo.' }, { inlineData: { mimeType: 'image/jpeg', data: room.toString('base64') } }] }] }),
    });

  it('answers an unknown model with the API\'s 404 NOT_FOUND envelope, and a forbidden one with 403 PERMISSION_DENIED', async () => {
    const unknown = await call('gemini-9-imaginary');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 404, status: 'NOT_FOUND', message: expect.stringMatching(/^models\/gemini-9-imaginary is not found for API version v1beta, or is not supported for generateContent\./) },
    });
    fake.mode = 'forbidden';
    const forbidden = await call('gemini-2.5-flash-image');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: { code: 403, status: 'PERMISSION_DENIED', message: expect.any(String) } });
    // An unknown model is refused before the mode is looked at: 404 in any mode.
    expect((await call('gemini-9-imaginary')).status).toBe(404);
    expect(fake.calls).toEqual([]);
  });
});
