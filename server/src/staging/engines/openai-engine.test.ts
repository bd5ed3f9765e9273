import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineMessages, type StageInput } from './engine.js';
import { FakeOpenAI, type OpenAIFakeMode } from '../../../test/fakes/providers/fake-openai.js';
import { OpenAIStagingEngine, type OpenAIEngineOptions } from './openai-engine.js';
import { renderSampleRoom } from './sample-room.js';

let fake: FakeOpenAI;
let room: Buffer;
const engineFor = (options: Partial<OpenAIEngineOptions> = {}) =>
  new OpenAIStagingEngine({ apiKey: fake.apiKey, baseURL: fake.baseURL, model: 'gpt-image-1.5', timeoutMs: 5_000, ...options });
const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  image: room,
  mimeType: 'image/jpeg',
  styleId: 'scandinavian',
  styleName: 'Scandinavian',
  styleDescription: 'Light wood, soft textiles and an airy, uncluttered feel.',
  ...overrides,
});

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  room = await renderSampleRoom(0, 480, 360);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.edits.length = 0;
  fake.requests.length = 0;
});

describe('OpenAIStagingEngine against the fake Images API', () => {
  it('sends the documented edit request and returns the decoded image', async () => {
    const result = await engineFor().stage(input({ instructions: 'Add a reading corner.' }));
    expect(result.engine).toBe('openai:gpt-image-1.5');
    expect(result.mimeType).toBe('image/jpeg');
    expect(await sharp(result.image).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    const [edit] = fake.edits;
    expect(edit.fields).toMatchObject({ model: 'gpt-image-1.5', input_fidelity: 'high', size: '1536x1024', quality: 'high', output_format: 'jpeg', n: '1' });
    expect(edit.fields.prompt).toContain('Edit the attached photograph');
    expect(edit.fields.prompt).toContain('light oak and birch');
    expect(edit.fields.prompt).toContain('"Add a reading corner."');
    expect(edit.files).toEqual([{ field: 'image', filename: 'room.jpg', type: 'image/jpeg', size: room.length }]);
  });

  it('picks the edit size from the photo shape and can omit input_fidelity', async () => {
    await engineFor({ inputFidelity: null }).stage(input({ image: await renderSampleRoom(1, 300, 450) }));
    await engineFor().stage(input({ image: await renderSampleRoom(1, 400, 400), strict: true }));
    expect(fake.edits.map((e) => e.fields.size)).toEqual(['1024x1536', '1024x1024']);
    expect(fake.edits[0].fields).not.toHaveProperty('input_fidelity');
    expect(fake.edits[1].fields.prompt).toContain('This is a second attempt');
  });

  it('sends an edit mask with the photo as PNG of the same size, and the fake answers a prepared output at the requested size', async () => {
    // Transparent (alpha 0) = the model may paint: the lower half here; the upper half is protected.
    const rgba = Buffer.alloc(480 * 360 * 4);
    for (let i = 0; i < 480 * 180; i++) rgba[i * 4 + 3] = 255;
    const mask = await sharp(rgba, { raw: { width: 480, height: 360, channels: 4 } }).png().toBuffer();
    fake.answers = [await renderSampleRoom(5, 600, 400)];
    try {
      const result = await engineFor().stage(input({ strict: true, editMask: mask }));
      expect(await sharp(result.image).metadata()).toMatchObject({ width: 1536, height: 1024 });
    } finally {
      fake.answers = [];
    }
    const [edit] = fake.edits;
    expect(edit.files.map((f) => [f.field, f.type])).toEqual([
      ['image', 'image/png'],
      ['mask', 'image/png'],
    ]);
    expect(edit.mask?.equals(mask)).toBe(true);
    expect(await sharp(edit.mask!).metadata()).toMatchObject({ width: 480, height: 360, hasAlpha: true });
  });

  it('the fake refuses a mask whose size differs from the image (reference §1.2)', async () => {
    const mask = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    await expect(engineFor().stage(input({ editMask: mask }))).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.badRequest });
  });

  const failures: Array<[OpenAIFakeMode, 'transient' | 'permanent', string, number | undefined]> = [
    ['moderation-blocked', 'permanent', engineMessages.contentPolicy, undefined],
    ['content-policy-legacy', 'permanent', engineMessages.contentPolicy, undefined],
    ['rate-limited', 'transient', engineMessages.rateLimited, 7000],
    ['quota-exhausted', 'permanent', 'The AI provider account has run out of quota.', undefined],
    ['server-error', 'transient', engineMessages.unavailable, undefined],
    ['unavailable', 'transient', engineMessages.unavailable, 1500],
    ['malformed-json', 'permanent', engineMessages.malformed, undefined],
    ['missing-image', 'permanent', engineMessages.malformed, undefined],
    ['not-an-image', 'permanent', engineMessages.malformed, undefined],
    ['oversized', 'permanent', engineMessages.oversized, undefined],
    ['forbidden', 'permanent', engineMessages.forbidden, undefined],
  ];
  it.each(failures)('maps %s to a %s EngineError', async (mode, kind, message, retryAfterMs) => {
    fake.mode = mode;
    const error = await engineFor({ maxReplyBytes: 100_000 }).stage(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineError', kind, message });
    expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(retryAfterMs);
    expect(fake.requests).toHaveLength(1); // no retries inside the adapter
  });

  it('maps a model the provider does not know (404) to a permanent unknown-model error', async () => {
    const error = await engineFor({ model: 'gpt-image-9' }).stage(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineError', kind: 'permanent', message: engineMessages.unknownModel });
    expect(fake.edits.map((e) => e.fields.model)).toEqual(['gpt-image-9']);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a rejected key as permanent', async () => {
    await expect(engineFor({ apiKey: 'sk-wrong' }).stage(input())).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.badKey });
  });

  it('gives up on a slow answer at the deadline', async () => {
    fake.mode = 'slow';
    const started = performance.now();
    await expect(engineFor({ timeoutMs: 300 }).stage(input())).rejects.toMatchObject({ kind: 'transient', message: engineMessages.timeout });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('stops when the caller aborts', async () => {
    fake.mode = 'slow';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(engineFor().stage(input({ signal: controller.signal }))).rejects.toMatchObject({ kind: 'transient', message: engineMessages.cancelled });
  });

  it('treats an unreachable provider as transient', async () => {
    const gone = await new FakeOpenAI().start();
    const baseURL = gone.baseURL;
    await gone.close();
    await expect(engineFor({ baseURL }).stage(input())).rejects.toMatchObject({ kind: 'transient', message: engineMessages.network });
  });
});
