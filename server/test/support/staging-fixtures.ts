import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../contract/limits.js';
import { EngineError, type StageInput, type StageResult, type StagingEngine } from '../../src/staging/engines/engine.js';
import { renderSampleRoom } from '../../src/staging/engines/sample-room.js';

/** Test images made with sharp (no binary fixtures) and scriptable engines for the staging tests. */

/**
 * A "photo" of an empty room (the sample-room generator: walls, floor, window, grain), so it
 * compresses like a picture and the geometry lock finds enough structure to align the scripted
 * engine's results even at thumbnail sizes.
 */
export async function photo(width = 1600, height = 1200, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const room = await renderSampleRoom(1, width, height);
  if (format === 'jpeg') return room;
  const image = sharp(room);
  return format === 'png' ? image.png().toBuffer() : image.webp().toBuffer();
}

type Behaviour = 'ok' | 'hang' | EngineError | ((input: StageInput) => Promise<StageResult>);

/**
 * An engine that follows a script, one behaviour per call (then `fallback`): 'ok' returns the photo
 * with a coloured block drawn in (so results differ from originals; its colour follows the `variant`,
 * so variations and re-stages differ from each other as a model's samples do), 'hang' never answers (but
 * honours the abort signal), an EngineError is thrown.
 */
export class ScriptedEngine implements StagingEngine {
  readonly name = 'scripted';
  readonly calls: StageInput[] = [];
  constructor(
    private script: Behaviour[] = [],
    private readonly fallback: Behaviour = 'ok',
    private readonly latencyMs = 0,
  ) {}

  push(...behaviours: Behaviour[]) {
    this.script.push(...behaviours);
  }

  async stage(input: StageInput): Promise<StageResult> {
    this.calls.push(input);
    const behaviour = this.script.length ? this.script.shift()! : this.fallback;
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (behaviour instanceof EngineError) throw behaviour;
    if (typeof behaviour === 'function') return behaviour(input);
    if (behaviour === 'hang') {
      return new Promise((_, reject) => input.signal?.addEventListener('abort', () => reject(new EngineError('aborted', 'transient'))));
    }
    return { image: await furnish(input.image, input.variant), mimeType: 'image/jpeg', engine: 'scripted' };
  }
}

/** The sofa colours of `furnish` by variant: every pair differs by far more than a visible step in some channel. */
const SOFA_COLOURS = ['#3b5b7a', '#7a3b4a', '#4a7a3b', '#8a6a2b'];

/** The photo with a sofa-sized block drawn on the floor (about 5 % of the frame); `variant` picks its colour. */
export async function furnish(image: Buffer, variant = 0): Promise<Buffer> {
  const { width = 100, height = 100 } = await sharp(image).metadata();
  const sofa = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width * 0.35}" y="${height * 0.6}" width="${width * 0.3}" height="${height * 0.15}" rx="8" fill="${SOFA_COLOURS[variant % SOFA_COLOURS.length]}"/></svg>`,
  );
  return sharp(image).composite([{ input: sofa }]).jpeg({ quality: 88 }).toBuffer();
}

/** POST /api/objects/upload then PUT the bytes; returns the objectPath (throws unless the PUT gave 200). */
export async function upload(app: FastifyInstance, cookie: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<string> {
  const declared = {
    size: Math.min(Math.max(bytes.length, 1), MAX_UPLOAD_BYTES),
    contentType: (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(contentType) ? contentType : 'image/jpeg',
  };
  const { uploadURL, objectPath } = await requestUploadUrl(app, cookie, declared);
  const put = await app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': contentType } });
  if (put.statusCode !== 200) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  return objectPath;
}

/** Asks for an upload URL, declaring the file as the browser does (size and type; the s3 link is signed for them). */
export async function requestUploadUrl(
  app: FastifyInstance,
  cookie: string,
  declared: { size: number; contentType: string } = { size: MAX_UPLOAD_BYTES, contentType: 'image/jpeg' },
): Promise<{ uploadURL: string; objectPath: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { projectName: 'Test', ...declared } });
  if (res.statusCode !== 200) throw new Error(`upload URL failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createProject(app: FastifyInstance, cookie: string, title = 'Wohnung Lindenstraße'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title, category: 'virtual_staging' } });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export function processImage(app: FastifyInstance, cookie: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/process-image',
    headers: { cookie },
    payload: { category: 'virtual_staging', styleName: 'Modern Staging', styleDescription: 'Professional virtual staging with modern furniture and decor.', isRegeneration: false, ...body },
  });
}

/** An engine refusal that is not retried (the run fails and is refunded). */
export function permanentEngineError(message = 'The AI provider refused this image.'): EngineError {
  return new EngineError(message, 'permanent');
}
