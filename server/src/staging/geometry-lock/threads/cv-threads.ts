import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DEFAULT_IMAGE_CONCURRENCY } from '../../../images/image-work.js';
import type { CvTask, CvTasks } from './cv-thread.js';

/**
 * Where image work whose pixels JavaScript touches runs (decisions 029, 057): the geometry lock's
 * OpenCV.js analysis (WebAssembly without threads of its own, ~0.5–2 s of a core per image), finishing
 * a locked composite (colour correction and light removal are loops over its pixels) and the offline
 * engine's drawing. They run in a piscina pool of worker threads, so the process's event loop stays
 * free for requests, SSE streams, webhooks and job polls, and a process uses more than one core.
 * (libvips pipelines already run on their own threads; the main thread only hands buffers over.)
 *
 * Each thread keeps its own OpenCV (~80–130 MB), so the pool is small: one thread per image slot
 * (`IMAGE_CONCURRENCY`, the process's memory bound for image work), never more than the machine's
 * cores. Image tasks run inside an image slot (runImageWork), so every slot's task finds a thread.
 *
 * The pool is created on first use (processes that never touch an image never load OpenCV). A task given
 * up through its AbortSignal leaves the queue, or, when it already runs, its thread is replaced. Inside a
 * thread (a task that calls another, e.g. finishing's patch warp) tasks run in place. Tests may set 0
 * threads (`configureCvThreads(0)`): the same tasks on the calling thread, for comparing outputs only.
 */
/** Threads for a process with `imageConcurrency` image slots: one per slot, at most one per core. */
export function imageThreadCount(imageConcurrency: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(imageConcurrency, cores));
}

// Until the composition configures it (engine-wiring.ts): as for the default IMAGE_CONCURRENCY.
let threads = imageThreadCount(DEFAULT_IMAGE_CONCURRENCY);
let pool: Piscina | undefined;

/** The pool's size (the composition passes `imageThreadCount`; 0 only in tests); a pool already running keeps its own. */
export function configureCvThreads(count: number): void {
  threads = count;
}

/** Loads OpenCV in the threads, so the first staging does not wait for it. */
export function warmUpCvThreads(): void {
  if (threads > 0 && isMainThread) thePool();
}

/** Ends the threads (the runtime's shutdown, tests); the next task starts a new pool. */
export async function closeCvThreads(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}

let held: { name: keyof CvTasks; latch: Int32Array } | undefined;

/**
 * Tests only: the next task of this name waits in its thread on `latch` (a SharedArrayBuffer's Int32Array
 * of 3; cv-thread.ts `waitOn`) before it runs, so a test can act while a task is known to be running.
 */
export function holdNextCvTask(name: keyof CvTasks, latch: Int32Array): void {
  held = { name, latch };
}

export async function runInCvThread<N extends keyof CvTasks>(name: N, input: Parameters<CvTasks[N]>[0], signal?: AbortSignal): Promise<Awaited<ReturnType<CvTasks[N]>>> {
  signal?.throwIfAborted();
  const hold = held?.name === name ? held.latch : undefined;
  if (hold) held = undefined;
  const task = { name, input, hold } as CvTask & { hold?: Int32Array };
  if (threads === 0 || !isMainThread) {
    const { default: runCvTask } = await import('./cv-thread.js');
    const output = (await runCvTask(task)) as Awaited<ReturnType<CvTasks[N]>>;
    // In place, a task cannot be stopped; a run given up meanwhile goes no further with its output.
    signal?.throwIfAborted();
    return output;
  }
  try {
    return await thePool().run(task, { signal });
  } catch (error) {
    // Piscina rejects an aborted task with its own AbortError; callers expect the signal's reason.
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}

function thePool(): Piscina {
  // The threads use sharp too: on glibc the main thread must have loaded it first (sharp's docs), which
  // holds here since compose.ts imports it, and the pool only starts on first use.
  return (pool ??= new Piscina({ filename: threadEntry(), minThreads: threads, maxThreads: threads }));
}

/** The compiled server runs cv-thread.js; the sources (tsx, Vitest) need tsx's loader in the thread. */
function threadEntry(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './cv-thread-from-source.mjs' : './cv-thread.js', import.meta.url).href;
}
