import sharp from 'sharp';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engine.js';

/**
 * For benchmarks and queue tests: behaves like a remote provider that always takes `latencyMs`,
 * then hands back the photo re-encoded with a small corner mark (so "changed" is checkable).
 */
export class FixedLatencyStagingEngine implements StagingEngine {
  readonly name = 'fixed-latency';

  constructor(private readonly latencyMs: number) {}

  async stage(input: StageInput): Promise<StageResult> {
    await waitUnlessAborted(this.latencyMs, input.signal);
    try {
      const image = sharp(input.image).rotate();
      const meta = await sharp(input.image).metadata();
      const { width, height } = meta.autoOrient;
      const mark = Math.max(4, Math.round(Math.min(width, height) * 0.02));
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${mark}" height="${mark}"><rect width="${mark}" height="${mark}" fill="#1f6feb"/></svg>`;
      const output = await image
        .composite([{ input: Buffer.from(svg), top: height - mark, left: width - mark }])
        .jpeg({ quality: 88, mozjpeg: false })
        .toBuffer();
      return { image: output, mimeType: 'image/jpeg', engine: this.name };
    } catch (error) {
      throw new EngineError(engineMessages.unreadableInput, 'permanent', undefined, { cause: error });
    }
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
