import { AsyncLocalStorage } from 'node:async_hooks';
import sharp from 'sharp';
import { WorkLimiter, type WorkOwner } from './work-limiter.js';

/**
 * One limit for the whole process on full-resolution image work: upload intake (validate, orient,
 * strip, resize, encode), engine rendering, result finishing, labelled downloads. Each such libvips
 * pass over a 12 MP photo holds ~70 MB (the offline engine's more), so six uploads and three jobs
 * overlapping pushed a server past 700 MB; with IMAGE_CONCURRENCY passes at a time (default 2, one
 * per core here) the rest wait their turn, round robin per user (decision 040). Waiting honours the caller's AbortSignal, so a
 * staging deadline or a cancelled run still ends the wait. Small work (metadata, thumbnails from
 * shrink-on-load, the 256 px structure check) does not queue. Work inside `runImageWork` must not
 * call `runImageWork` again (with a limit of 1 it would wait for itself).
 */
export const DEFAULT_IMAGE_CONCURRENCY = 2;

const limiter = new WorkLimiter(DEFAULT_IMAGE_CONCURRENCY);

/**
 * Whose image work is being done (the user and the plan's share), for everything called inside:
 * a staging run's engine rendering, lock and finishing, an upload's intake. Carried by the async
 * context, so the engines and the lock need not pass it along.
 */
const owners = new AsyncLocalStorage<WorkOwner>();

/** Runs `work` with its image work queued as `owner`'s (see `runImageWork`). */
export function asImageWorkOwner<T>(owner: WorkOwner, work: () => Promise<T>): Promise<T> {
  return owners.run(owner, work);
}

/** The owner of the work being done now (undefined outside `asImageWorkOwner`). */
export function currentImageWorkOwner(): WorkOwner | undefined {
  return owners.getStore();
}

// libvips' operation cache keeps recent results (up to 50 MB) for repeated identical pipelines,
// which never happen here: every request works on a new image.
sharp.cache(false);

/**
 * JPEG settings for full-resolution output: Huffman optimisation off. With it libjpeg keeps every
 * DCT coefficient of the image in memory for a second pass (~65 MB more per 12 MP encode) and takes
 * ~2.5× as long, for files ~9 % smaller. (mozjpeg would cost ~3× the time again.)
 */
export function fullSizeJpeg(quality: number) {
  return { quality, optimiseCoding: false, mozjpeg: false } as const;
}

/**
 * WebP settings for the 480 px thumbnails: effort 2 instead of libwebp's default 4 halves the
 * encode time (~20 → ~10 ms, a noticeable part of an upload or a finished result) for ~10 % more
 * bytes on files of a few KB.
 */
export const THUMBNAIL_WEBP = { quality: 75, effort: 2 } as const;

/**
 * Decision 049: the time budget of one sharp pipeline over an uploaded file (sharp's `timeout`,
 * checked by libvips as it works, so a pass that runs over is stopped and its slot freed). A 12 MP
 * photo's intake pass takes ~0.5 s and a label ~0.3 s on one core; the budget leaves ×20 for a busy
 * machine. A logo is at most 800 px: its rendering gets less. Decoding a HEIC (decision 059: HEVC in
 * WebAssembly on one core) took 4.8 s for 12 MP and 31 s for 48 MP on the 2-core development machine
 * at a load average of ~21; its decode gets 60 s, then its thread is replaced.
 */
export const UNTRUSTED_IMAGE_TIMEOUT = { photo: { seconds: 15 }, label: { seconds: 15 }, logo: { seconds: 5 }, heic: { seconds: 60 } } as const;

/** The error sharp throws when a pipeline ran past its `timeout`. */
export function isSharpTimeout(err: unknown): boolean {
  return err instanceof Error && /^timeout: \d+% complete/.test(err.message);
}

/** Sets the process-wide limit (IMAGE_CONCURRENCY; called by the composition in services.ts). */
export function configureImageWork(concurrency: number): void {
  limiter.setLimit(concurrency);
}

/**
 * Runs full-resolution work in a slot of the process-wide limit. Waiting work starts round robin
 * per owner (the caller's `asImageWorkOwner`; decision 040), the same fair order as the staging
 * queue, so one user's batch cannot hold the CPU while another user's first image waits.
 */
export function runImageWork<T>(work: () => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  return limiter.run(work, { signal: options.signal, owner: currentImageWorkOwner() });
}

/** For tests and diagnostics. */
export function imageWorkState(): { limit: number; active: number; waiting: number } {
  return { limit: limiter.limit, active: limiter.active, waiting: limiter.waiting };
}
