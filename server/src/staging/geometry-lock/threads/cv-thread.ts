import type { RoomType } from '../../../../../contract/listing.js';
import { threadId } from 'node:worker_threads';
import { analyseLock } from '../analysis.js';
import { analyseSurfaces } from '../surface-mode/surface-lock.js';
import type { RenovationChoice } from '../../../../../contract/renovation.js';
import { type LockMode } from '../lock-result.js';
import { loadCv } from './opencv.js';
import { type Opening } from '../structure/openings.js';
import { coveredByResult, openingsOf } from '../structure/overlay-check.js';
import { warpPatch as warpPatchWith, type PatchWarpInput } from '../compose/patch-warp.js';
import { drawProtectedRegions } from '../structure/protected-regions.js';
import { asBuffer, type Raster } from '../alignment/working-images.js';
import { lazyComposite, type ComposeInput } from '../compose/compose.js';
import { finishResult, type ResultCredentials } from '../../result-image.js';
import { drawOfflineStaging } from '../../engines/offline-engine.js';
import { drawRenovationPreview } from '../../engines/offline/renovation-preview.js';
import { fromInputImage } from '../../engines/input-image.js';
import { EngineError, type EngineErrorKind, type StageInput } from '../../engines/engine.js';
import type { PlanId } from '../../../../../contract/plans.js';
import type { ProvenanceKind } from '../../../images/provenance.js';
import { signLabelledCopy, type LabelledSigning } from '../../../images/content-credentials.js';
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

function lock(input: { original: Uint8Array; result: Uint8Array; mode: LockMode; roomType?: RoomType; renovation?: RenovationChoice }) {
  // A renovation is judged by the surface mode (decision 062): only the chosen surfaces may change.
  if (input.mode === 'surface') return analyseSurfaces(cv, asBuffer(input.original), asBuffer(input.result), input.renovation ?? {});
  return analyseLock(cv, asBuffer(input.original), asBuffer(input.result), input.mode, input.roomType);
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

/** A locked composite drawn at the plan's size, watermarked, encoded and signed (result-image.ts). */
function finish(input: { compose: ComposeInput; planId: PlanId; kind: ProvenanceKind; language: 'de' | 'en'; credentials?: ResultCredentials }) {
  const compose = { ...input.compose, original: asBuffer(input.compose.original), result: asBuffer(input.compose.result) };
  return finishResult(lazyComposite(compose), input.planId, input.kind, input.language, input.credentials);
}

/**
 * The offline engine's furniture, drawn into the photo (offline-engine.ts). Its EngineError is handed
 * back as data: an Error crossing the thread boundary keeps its message but not its `kind`.
 */
async function offlineDraw(input: Omit<StageInput, 'signal'>): Promise<{ image: Uint8Array } | { error: { message: string; kind: EngineErrorKind } }> {
  try {
    // A renovation is re-coloured surfaces, not furniture (decision 062).
    if (input.task === 'renovate') {
      if (!input.renovation) throw new EngineError('No surfaces were chosen to renovate.', 'permanent');
      return { image: await fromInputImage(() => drawRenovationPreview(cv, asBuffer(input.image), input.renovation!)) };
    }
    return { image: await drawOfflineStaging({ ...input, image: asBuffer(input.image) }) };
  } catch (error) {
    if (error instanceof EngineError) return { error: { message: error.message, kind: error.kind } };
    throw error;
  }
}

/** A labelled download's copy signed with its own Content Credentials (objects/disclosure-label.ts, decision 060). */
function signLabelled(input: LabelledSigning) {
  return signLabelledCopy({ ...input, source: asBuffer(input.source), labelled: asBuffer(input.labelled) });
}

/** An uploaded HEIC/HEIF photo's primary image as a JPEG (decision 059; images/heic-decode.ts). */
function heicToJpeg(input: { bytes: Uint8Array; limits: HeicLimits }) {
  return heicToJpegResult(input.bytes, input.limits);
}

const cvTasks = { lock, protectedRegions, warpPatch, openings, coveredByOverlay, finish, offlineDraw, signLabelled, heicToJpeg };

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
