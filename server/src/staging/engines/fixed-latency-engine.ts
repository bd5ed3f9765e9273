import sharp from 'sharp';
import { fullSizeJpeg, runImageWork } from '../../images/image-work.js';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engine.js';

/**
 * For benchmarks and queue tests: behaves like a remote provider that always takes `latencyMs` and
 * hands back the photo re-encoded with a sofa-sized block on the floor (about 5 % of the frame, so
 * the result passes the visible-change minimum, visible-change.ts). Like a provider's own
 * rendering, the re-encode happens inside that time, not after it.
 */
export class FixedLatencyStagingEngine implements StagingEngine {
  readonly name = 'fixed-latency';

  constructor(private readonly latencyMs: number) {}

  async stage(input: StageInput): Promise<StageResult> {
    const started = performance.now();
    // The re-encode is full-resolution work: it waits for a slot of the process-wide image limit.
    const mark = async () => {
      const meta = await sharp(input.image).metadata();
      const { width, height } = meta.autoOrient;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width * 0.35}" y="${height * 0.6}" width="${width * 0.3}" height="${height * 0.15}" rx="8" fill="#1f6feb"/></svg>`;
      return sharp(input.image)
        .rotate()
        .composite([{ input: Buffer.from(svg) }])
        .jpeg(fullSizeJpeg(88))
        .toBuffer();
    };
    // Rendered in the second half of the latency, so it does not compete with the requests that
    // are still being submitted when many runs start together.
    await waitUnlessAborted(this.latencyMs / 2, input.signal);
    const rendering = runImageWork(mark, { signal: input.signal }).then(
      (image) => ({ image }),
      (error: unknown) => ({ error }),
    );
    await waitUnlessAborted(Math.max(0, this.latencyMs - (performance.now() - started)), input.signal);
    const output = await rendering;
    if ('image' in output) return { image: output.image, mimeType: 'image/jpeg', engine: this.name };
    if (input.signal?.aborted) throw new EngineError('The staging request was cancelled.', 'transient');
    throw new EngineError(engineMessages.unreadableInput, 'permanent', undefined, { cause: output.error });
  }
}

function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new EngineError('The staging request was cancelled.', 'transient');
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
