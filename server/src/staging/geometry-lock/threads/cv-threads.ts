import { Piscina } from 'piscina';
import type { CvTask, CvTasks } from './cv-thread.js';

/**
 * Where the geometry lock's OpenCV work runs (decision 029). OpenCV.js is WebAssembly without threads
 * of its own, and one lock keeps a core busy for about half a second. With `LOCK_THREADS` ≥ 1 it runs
 * in a pool of that many worker threads: the process's event loop stays free for requests, SSE streams
 * and job polls meanwhile, and a process locks on more than one core. Each thread keeps its own OpenCV
 * (~80–130 MB), so the default, 0, runs the same tasks on the main thread (one OpenCV, blocking), which
 * keeps a process within its memory budget. Locks run inside an image slot (staging-run.ts), so more
 * threads than `IMAGE_CONCURRENCY` can never all work.
 *
 * The pool is created on first use (processes that never lock an image never load OpenCV). A task given
 * up through its AbortSignal leaves the queue, or, when it already runs, its thread is replaced; on the
 * main thread a task that has started runs to its end.
 */
let threads = 0;
let pool: Piscina | undefined;

/** The pool's size (the runtime passes LOCK_THREADS; 0: the main thread); a pool already running keeps its own. */
export function configureCvThreads(count: number): void {
  threads = count;
}

/** Loads OpenCV (in the threads, when there are any), so the first staging does not wait for it. */
export function warmUpCvThreads(): void {
  if (threads === 0) void import('./cv-thread.js');
  else thePool();
}

/** Ends the threads (the runtime's shutdown, tests); the next task starts a new pool. */
export async function closeCvThreads(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}

export async function runInCvThread<N extends keyof CvTasks>(name: N, input: Parameters<CvTasks[N]>[0], signal?: AbortSignal): Promise<Awaited<ReturnType<CvTasks[N]>>> {
  signal?.throwIfAborted();
  if (threads === 0) {
    const { default: runCvTask } = await import('./cv-thread.js');
    const output = (await runCvTask({ name, input } as CvTask)) as Awaited<ReturnType<CvTasks[N]>>;
    // The task itself cannot be stopped here; a run given up meanwhile goes no further with its output.
    signal?.throwIfAborted();
    return output;
  }
  try {
    return await thePool().run({ name, input }, { signal });
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
