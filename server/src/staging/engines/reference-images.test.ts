import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../../../contract/listing.js';
import type { StageInput } from './engine.js';
import { FakeGemini } from '../../../test/fakes/providers/fake-gemini.js';
import { FakeReplicate } from '../../../test/fakes/providers/fake-replicate.js';
import { GeminiStagingEngine } from './gemini-engine.js';
import { ReplicateStagingEngine } from './replicate-engine.js';
import { buildStagingPrompt } from '../prompts.js';
import { renderSampleRoom } from './sample-room.js';

/**
 * Decision 025 on the wire of Gemini and Replicate (OpenAI: listing.test.ts): a same-room reference
 * goes as the second image, named in the prompt; a single-image Replicate model gets none.
 */
let gemini: FakeGemini;
let replicate: FakeReplicate;
let room: Buffer;
let reference: Buffer;
const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  image: room,
  mimeType: 'image/jpeg',
  styleId: 'scandinavian',
  styleName: 'Scandinavian',
  styleDescription: '',
  roomType: 'bedroom',
  reference: { image: reference, mimeType: 'image/jpeg', kind: 'same_room' },
  ...overrides,
});

beforeAll(async () => {
  [gemini, replicate] = await Promise.all([new FakeGemini().start(), new FakeReplicate().start()]);
  room = await renderSampleRoom(1, 480, 360);
  reference = await sharp(await renderSampleRoom(2, 480, 360)).jpeg().toBuffer();
});
afterAll(async () => {
  await gemini.close();
  await replicate.close();
});

describe('reference images', () => {
  it('Gemini: photo, then the reference, then the text naming both', async () => {
    const engine = new GeminiStagingEngine({ apiKey: gemini.apiKey, baseUrl: gemini.baseUrl, model: 'gemini-2.5-flash-image', timeoutMs: 5_000 });
    await engine.stage(input());
    const [call] = gemini.calls;
    expect(call!.partOrder).toEqual(['image', 'image', 'text']);
    expect(call!.image!.bytes).toBe(room.length);
    expect(call!.text).toContain('Image 2 shows the same room from another angle');
    expect(call!.text).toContain('It shows an empty bedroom.');
  });

  it('Replicate: a multi-image model gets both images in its array input; FLUX Kontext pro only the photo and no mention', async () => {
    const options = { apiToken: replicate.apiToken, baseUrl: replicate.baseUrl, pollIntervalMs: 20, timeoutMs: 5_000 };
    await new ReplicateStagingEngine({ ...options, model: 'google/nano-banana' }).stage(input({ reference: { image: reference, mimeType: 'image/jpeg', kind: 'same_palette' } }));
    await new ReplicateStagingEngine({ ...options, model: 'black-forest-labs/flux-kontext-pro' }).stage(input());
    const [multi, single] = replicate.creates;
    expect(multi!.input.image_input).toHaveLength(2);
    expect((multi!.input.image_input as string[]).every((uri) => uri.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(multi!.input.prompt).toContain("do not copy Image 2's pieces");
    expect(single!.input.input_image).toMatch(/^data:image\//);
    expect(single!.input).not.toHaveProperty('image_input');
    expect(single!.input.prompt).not.toContain('Image 2');
  });
});

describe('room types in the prompt', () => {
  it('names every room type and its key pieces; auto stays generic', () => {
    const prompt = (roomType: string) => buildStagingPrompt({ styleId: 'modern', styleName: 'Modern', styleDescription: '', roomType });
    expect(prompt('auto')).toContain('It shows an empty room.');
    expect(prompt('home_office')).toContain('It shows an empty home office.');
    expect(prompt('home_office')).toContain('a desk, a task chair');
    expect(prompt('kids_room')).toContain("a child's bed");
    expect(prompt('dining_room')).toContain('a dining table with chairs');
    for (const type of ROOM_TYPES) expect(prompt(type)).not.toContain('_');
  });
});
