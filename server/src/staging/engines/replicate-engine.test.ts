import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineMessages, type StageInput } from './engine.js';
import { FakeReplicate, type ReplicateFakeMode } from '../../../test/fakes/providers/fake-replicate.js';
import { ReplicateStagingEngine, type ReplicateEngineOptions } from './replicate-engine.js';
import { renderSampleRoom } from './sample-room.js';

let fake: FakeReplicate;
let room: Buffer;
const engineFor = (options: Partial<ReplicateEngineOptions> = {}) =>
  new ReplicateStagingEngine({
    apiToken: fake.apiToken,
    baseUrl: fake.baseUrl,
    model: 'black-forest-labs/flux-kontext-pro',
    pollIntervalMs: 20,
    timeoutMs: 5_000,
    ...options,
  });
const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  image: room,
  mimeType: 'image/jpeg',
  styleId: 'mediterranean',
  styleName: 'Mediterranean',
  styleDescription: 'Terracotta, linen, rattan and sunny southern colours.',
  ...overrides,
});

beforeAll(async () => {
  fake = await new FakeReplicate().start();
  room = await renderSampleRoom(1, 480, 360);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.finishWhileWaiting = true;
  fake.creates.length = 0;
  fake.cancels.length = 0;
  fake.requests.length = 0;
});

describe('ReplicateStagingEngine against the fake predictions API', () => {
  it('creates a prediction on the model route with Prefer: wait and downloads the output', async () => {
    const result = await engineFor().stage(input());
    expect(result).toMatchObject({ engine: 'replicate:black-forest-labs/flux-kontext-pro', mimeType: 'image/jpeg' });
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 1024, height: 768 });
    const [create] = fake.creates;
    expect(create).toMatchObject({ route: 'model', model: 'black-forest-labs/flux-kontext-pro', prefer: 'wait=60' });
    expect(create.input).toMatchObject({ aspect_ratio: 'match_input_image', output_format: 'jpg' });
    expect(String(create.input.input_image)).toBe(`data:image/jpeg;base64,${room.toString('base64')}`);
    expect(String(create.input.prompt)).toContain('terracotta, sand and warm white');
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${fake.apiToken}`);
    expect(fake.requests.map((r) => `${r.method} ${r.url.replace(/p\d+/, 'ID')}`)).toEqual([
      'POST /v1/models/black-forest-labs/flux-kontext-pro/predictions',
      'GET /files/ID.jpg',
    ]);
  });

  it('polls until the prediction is done when waiting was not enough', async () => {
    fake.finishWhileWaiting = false;
    const result = await engineFor({ waitSeconds: 1 }).stage(input());
    expect(await sharp(result.image).metadata()).toMatchObject({ format: 'jpeg' });
    expect(fake.creates[0].prefer).toBe('wait=1');
    expect(fake.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v1/predictions/'))).toHaveLength(2);
  });

  it('uses the version route for owner/name:version and a custom image field', async () => {
    const version = 'a'.repeat(64);
    await engineFor({ model: `adirik/interior-design:${version}`, imageInputKey: 'image', extraInput: { prompt_strength: 0.8 } }).stage(input());
    expect(fake.creates[0]).toMatchObject({ route: 'version', version });
    expect(fake.creates[0].input).toMatchObject({ prompt_strength: 0.8 });
    expect(String(fake.creates[0].input.image)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('shrinks a large photo before sending it as a data URI', async () => {
    const big = await renderSampleRoom(1, 2400, 1800);
    await engineFor().stage(input({ image: big }));
    const sent = String(fake.creates[0].input.input_image);
    const bytes = Buffer.from(sent.slice(sent.indexOf(',') + 1), 'base64');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 2048, height: 1536 });
  });

  const failures: Array<[ReplicateFakeMode, 'transient' | 'permanent', string, number | undefined]> = [
    ['failed-nsfw', 'permanent', engineMessages.contentPolicy, undefined],
    ['failed-input', 'permanent', engineMessages.badRequest, undefined],
    ['failed-crash', 'transient', engineMessages.failed, undefined],
    ['canceled', 'transient', 'The AI provider cancelled the prediction.', undefined],
    ['rate-limited', 'transient', engineMessages.rateLimited, 30_000],
    ['server-error', 'transient', engineMessages.unavailable, undefined],
    ['malformed-json', 'permanent', engineMessages.malformed, undefined],
    ['output-missing', 'permanent', engineMessages.noImage, undefined],
    ['output-bad-url', 'permanent', engineMessages.malformed, undefined],
    ['output-not-image', 'permanent', engineMessages.malformed, undefined],
    ['output-oversized', 'permanent', engineMessages.oversized, undefined],
    ['output-gone', 'permanent', 'The AI provider no longer serves the staged image.', undefined],
    ['forbidden', 'permanent', engineMessages.forbidden, undefined],
  ];
  it.each(failures)('maps %s to a %s EngineError', async (mode, kind, message, retryAfterMs) => {
    fake.mode = mode;
    const error = await engineFor({ maxReplyBytes: 100_000 }).stage(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineError', kind, message });
    expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(retryAfterMs);
  });

  it('does not let the SDK hammer a rate-limited API', async () => {
    fake.mode = 'rate-limited';
    await engineFor().stage(input()).catch(() => {});
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects an unreadable upload before calling the provider', async () => {
    await expect(engineFor().stage(input({ image: Buffer.from('not an image') }))).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.unreadableInput });
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a model the provider does not know (404) to a permanent unknown-model error', async () => {
    const error = await engineFor({ model: 'black-forest-labs/flux-kontext-nonexistent' }).stage(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EngineError', kind: 'permanent', message: engineMessages.unknownModel });
    expect(fake.creates.map((c) => c.model)).toEqual(['black-forest-labs/flux-kontext-nonexistent']);
  });

  it('reports a bad token as permanent', async () => {
    await expect(engineFor({ apiToken: 'r8_wrong' }).stage(input())).rejects.toMatchObject({ kind: 'permanent', message: engineMessages.badKey });
  });

  it('times out a prediction that never finishes and cancels it', async () => {
    fake.mode = 'never-finishes';
    const started = performance.now();
    await expect(engineFor({ timeoutMs: 300 }).stage(input())).rejects.toMatchObject({ kind: 'transient', message: engineMessages.timeout });
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.cancels.length).toBe(1);
  });
});
