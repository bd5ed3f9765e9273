import { analyseLock } from '../analysis.js';
import { type LockMode } from '../lock-result.js';
import { loadCv } from './opencv.js';
import { type Opening } from '../structure/openings.js';
import { coveredByResult, openingsOf } from '../structure/overlay-check.js';
import { warpPatch as warpPatchWith, type PatchWarpInput } from '../compose/patch-warp.js';
import { drawProtectedRegions } from '../structure/protected-regions.js';
import { asBuffer, type Raster } from '../alignment/working-images.js';

/**
 * The entry of an OpenCV thread (cv-threads.ts starts them, or imports this module itself when the
 * tasks run on the main thread): OpenCV is loaded once, when the module loads, and the default export
 * runs one of `cvTasks`. In a thread, Buffers arrive as plain Uint8Arrays (structured clone); they are
 * wrapped as Buffers without copying.
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

const cvTasks = { lock, protectedRegions, warpPatch, openings, coveredByOverlay };

export type CvTasks = typeof cvTasks;
export type CvTask = { [N in keyof CvTasks]: { name: N; input: Parameters<CvTasks[N]>[0] } }[keyof CvTasks];

export default function runCvTask({ name, input }: CvTask) {
  return (cvTasks[name] as (input: CvTask['input']) => ReturnType<CvTasks[keyof CvTasks]>)(input);
}
