import { createRequire } from 'node:module';

/**
 * OpenCV.js (4.12, WebAssembly) loaded once per process. The 4.x module object is "thenable":
 * awaiting it, or resolving a Promise with it, never finishes, so it is handed out inside a wrapper
 * object (reference: billing-geometry-mail §3.2). Every Mat lives in the WASM heap, which never
 * shrinks: callers free each object in `finally` (see `withMats`) and keep images small.
 */
export type CV = any;

let ready: Promise<{ cv: CV }> | undefined;

export function loadCv(): Promise<{ cv: CV }> {
  return (ready ??= new Promise((resolve) => {
    // `require`, not `import`: an ESM namespace of this CommonJS module exposes its `then`, and loaders
    // that await imported namespaces (vitest's does) spin on it forever. Loading on first use also keeps
    // the 11 MB module and its process-wide handlers out of processes that never lock an image.
    const m: any = withoutProcessHandlers(() => createRequire(import.meta.url)('@techstark/opencv-js'));
    if (m instanceof Promise) void m.then((cv: CV) => resolve({ cv }));
    else if (m.Mat) resolve({ cv: m });
    else m.onRuntimeInitialized = () => resolve({ cv: m });
  }));
}

/**
 * Emscripten's Node glue installs process-wide `uncaughtException` and `unhandledRejection` handlers
 * (the latter aborts the WASM runtime for good on any unrelated rejection). The app has its own
 * error handling, so the handlers OpenCV adds while loading are taken off again.
 */
function withoutProcessHandlers<T>(load: () => T): T {
  const before = new Set<unknown>([...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')]);
  try {
    return load();
  } finally {
    for (const listener of process.listeners('uncaughtException')) if (!before.has(listener)) process.removeListener('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection')) if (!before.has(listener)) process.removeListener('unhandledRejection', listener);
  }
}

/** Anything in the WASM heap that must be freed. */
interface Deletable {
  delete(): void;
  isDeleted?(): boolean;
}

/**
 * Runs `work` with a list that collects OpenCV objects and deletes all of them afterwards, also when
 * `work` throws. OpenCV errors are thrown as numbers (pointers); they are turned into Errors.
 */
export function withMats<T>(cv: CV, work: (keep: <M extends Deletable>(m: M) => M) => T): T {
  const owned: Deletable[] = [];
  const keep = <M extends Deletable>(m: M): M => {
    owned.push(m);
    return m;
  };
  try {
    return work(keep);
  } catch (error) {
    if (typeof error === 'number') throw new Error(`OpenCV: ${cv.exceptionFromPtr(error).msg}`, { cause: error });
    throw error;
  } finally {
    for (const m of owned) if (!m.isDeleted?.()) m.delete();
  }
}

/** A Mat of 8-bit pixels filled from a raw buffer (1, 3 or 4 channels). */
export function matFromRaw(cv: CV, data: Uint8Array, width: number, height: number, channels: 1 | 3 | 4): any {
  const type = channels === 1 ? cv.CV_8UC1 : channels === 3 ? cv.CV_8UC3 : cv.CV_8UC4;
  const mat = new cv.Mat(height, width, type);
  mat.data.set(data);
  return mat;
}

/** Copies a Mat's pixels out of the WASM heap (the heap's views move when it grows). */
export function rawFromMat(mat: any): Buffer {
  return Buffer.from(mat.data);
}
