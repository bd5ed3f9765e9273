import { threadId } from 'node:worker_threads';
import { analyseLock } from '../analysis.js';
import { type LockMode } from '../lock-result.js';
import { loadCv } from './opencv.js';
import { type Opening } from '../structure/openings.js';
import { coveredByResult, openingsOf } from '../structure/overlay-check.js';
import { warpPatch as warpPatchWith, type PatchWarpInput } from '../compose/patch-warp.js';
import { drawProtectedRegions } from '../structure/protected-regions.js';
import { asBuffer, type Raster } from '../alignment/working-images.js';
import { lazyComposite, type ComposeInput } from '../compose/compose.js';
import { finishResult } from '../../result-image.js';
import { drawOfflineStaging } from '../../engines/offline-engine.js';
import { EngineError, type EngineErrorKind, type StageInput } from '../../engines/engine.js';
import type { PlanId } from '../../../../../contract/plans.js';
import type { ProvenanceKind } from '../../../images/provenance.js';
import { heicToJpegResult } from '../../../images/heic-decode.js';
import type { HeicLimits } from '../../../images/heic-port.js';

/**
 * The entry of an image thread (cv-threads.ts starts them; tests may import this module on the main
 * thread): OpenCV is loaded once, when the module loads, and the default export runs one of `cvTasks`:
 * the geometry lock's OpenCV work and every image step whose pixels JavaScript touches (finishing a
 * locked composite, the offline engine's drawing), so none of it runs on the event loop (decision 057).
 * In a thread, Buffers arrive as plain Uint8Arrays (structured clone); they are wrapped as Buffers
 * without copying.
 */
const { cv } = await loadCv();

const asRaster = (raster: Raster): Raster => ({ ...raster, data: asBuffer(raster.data) });

function lock(input: { original: Uint8Array; result: Uint8Array; mode: LockMode }) {
  return analyseLock(cv, asBuffer(input.original), asBuffer(input.result), input.mode);
}

function protectedRegions(input: { original: Uint8Array; size: { width: number; height: number } }) {
  return drawProtectedRegions(cv, asBuffer(input.original), input.size);
}

function warpPatch(input: PatchWarpInput) {
  return warpPatchWith(cv, input);
}

function openings(input: { original: Raster }) {
  return openingsOf(cv, asRaster(input.original));
}

function coveredByOverlay(input: { original: Raster; result: Raster; openings: Opening[] }) {
  return coveredByResult(cv, asRaster(input.original), asRaster(input.result), input.openings);
}

/** A locked composite drawn at the plan's size, watermarked and encoded (result-image.ts). */
function finish(input: { compose: ComposeInput; planId: PlanId; kind: ProvenanceKind; language: 'de' | 'en' }) {
  const compose = { ...input.compose, original: asBuffer(input.compose.original), result: asBuffer(input.compose.result) };
  return finishResult(lazyComposite(compose), input.planId, input.kind, input.language);
}

/**
 * The offline engine's furniture, drawn into the photo (offline-engine.ts). Its EngineError is handed
 * back as data: an Error crossing the thread boundary keeps its message but not its `kind`.
 */
async function offlineDraw(input: Omit<StageInput, 'signal'>): Promise<{ image: Uint8Array } | { error: { message: string; kind: EngineErrorKind } }> {
  try {
    return { image: await drawOfflineStaging({ ...input, image: asBuffer(input.image) }) };
  } catch (error) {
    if (error instanceof EngineError) return { error: { message: error.message, kind: error.kind } };
    throw error;
  }
}

/** An uploaded HEIC/HEIF photo's primary image as a JPEG (decision 059; images/heic-decode.ts). */
function heicToJpeg(input: { bytes: Uint8Array; limits: HeicLimits }) {
  return heicToJpegResult(input.bytes, input.limits);
}

const cvTasks = { lock, protectedRegions, warpPatch, openings, coveredByOverlay, finish, offlineDraw, heicToJpeg };

export type CvTasks = typeof cvTasks;
export type CvTask = { [N in keyof CvTasks]: { name: N; input: Parameters<CvTasks[N]>[0] } }[keyof CvTasks];

export default function runCvTask({ name, input, hold }: CvTask & { hold?: Int32Array }) {
  if (hold) waitOn(hold);
  return (cvTasks[name] as (input: CvTask['input']) => ReturnType<CvTasks[keyof CvTasks]>)(input);
}

/**
 * Tests only (cv-threads.ts `holdNextCvTask`): the task records the thread it runs on (`[2]`, 0 = the
 * main thread), says it has started (`[0]` = 1) and waits until the test releases it (`[1]` ≠ 0), at
 * most 10 s (then `[0]` = 2: nobody released it).
 */
function waitOn(hold: Int32Array): void {
  Atomics.store(hold, 2, threadId);
  Atomics.store(hold, 0, 1);
  Atomics.notify(hold, 0);
  if (Atomics.wait(hold, 1, 0, 10_000) === 'timed-out') Atomics.store(hold, 0, 2);
}
