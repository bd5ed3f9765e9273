import sharp from 'sharp';
import { ROOM_TYPES } from '../../../../contract/listing.js';
import { fullSizeJpeg, runImageWork } from '../../images/image-work.js';
import { asBuffer } from '../geometry-lock/alignment/working-images.js';
import { runInCvThread } from '../geometry-lock/threads/cv-threads.js';
import { EngineError, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { fromInputImage } from './input-image.js';
import { furnishedSceneSvg, type Region, type SceneOptions } from './offline/furnished-scene.js';
import { groupKit } from './offline/group-kit.js';
import { lockGuard, type LockGuard } from './offline/lock-guard.js';
import { VARIANT_TARGET_X } from './offline/placement.js';
import type { Box } from '../geometry-lock/structure/verify.js';
import { analysePhoto, type PhotoAnalysis } from './offline/photo-analysis.js';
import { styleKitFor, type StyleKit } from './offline/style-kits.js';

/** Plans per arrangement: as asked, then with what the lock's rule found covered as one more obstacle. */
const PLANS_PER_ARRANGEMENT = 2;
/** Working pixels of slack around what the check render shows (soft shadow fringes, anti-aliasing). */
const REGION_MARGIN = 3;

/**
 * The default engine: no network, deterministic. Finds the floor line of the photo, then composites
 * a style-specific living-room set drawn as vector shapes in perspective. The UI labels its results
 * "offline preview engine": it shows what staging does, it is not an AI result.
 */
export class OfflineStagingEngine implements StagingEngine {
  readonly name = 'offline';

  async stage(input: StageInput): Promise<StageResult> {
    if (input.signal?.aborted) throw new EngineError('The staging request was cancelled.', 'transient');
    const { signal, ...drawn } = input;
    // Full-resolution work: waits for a slot of the process-wide image limit (or gives up on abort),
    // then draws in an image thread (its pixel loops and OpenCV checks stay off the event loop).
    const output = await runImageWork(() => runInCvThread('offlineDraw', drawn, signal), { signal }).catch((error: unknown) => {
      if (signal?.aborted) throw new EngineError('The staging request was cancelled.', 'transient');
      throw error;
    });
    if ('error' in output) throw new EngineError(output.error.message, output.error.kind);
    return { image: asBuffer(output.image), mimeType: 'image/jpeg', engine: this.name };
  }
}

/** The photo with the offline engine's furniture drawn in (an image-thread task, cv-thread.ts). */
export async function drawOfflineStaging(input: Omit<StageInput, 'signal'>): Promise<Buffer> {
  const analysis = await fromInputImage(() => analysePhoto(input.image));
  // One set and palette per room group (decision 025); each variation arranges, picks and colours it anew.
  const kit = groupKit(styleKitFor(input.styleId, input.styleDescription), input.furnitureSeed, input.variant);
  const options: SceneOptions = { roomType: ROOM_TYPES.find((r) => r === input.roomType), variant: input.variant };
  try {
    const layout = await lockedLayout(input.image, analysis, kit, options);
    let pipeline = sharp(input.image).rotate();
    const { region } = layout;
    if (region) pipeline = pipeline.composite([{ input: Buffer.from(furnishedSceneSvg(layout.placed, kit, region, layout.options)), left: region.left, top: region.top }]);
    return await pipeline.jpeg(fullSizeJpeg(88)).toBuffer();
  } catch (error) {
    throw new EngineError('The offline engine could not draw the furniture into this photo.', 'permanent', undefined, { cause: error });
  }
}

/** A layout to draw: the analysis it is placed with, the options, and the rectangle it covers (null: nothing drawn). */
interface Layout {
  placed: PhotoAnalysis;
  options: SceneOptions;
  region: Region | null;
}

/**
 * The layout the geometry lock accepts (ADR 019, addendum): each candidate is rendered at the lock's
 * working size and run through the lock's own `opening_covered` rule (lock-guard.ts). What a candidate
 * covers becomes an obstacle for a second plan of the same arrangement; when that fails too (or leaves
 * nothing to draw), the other variations' arrangements are tried the same way, and last the
 * living-room set without its sofa.
 *
 * The engine's own opening finder (openings.ts) is cautious: on some photos it takes a whole wall for a
 * door, so no anchor piece fits anywhere and nothing is drawn (ADR 051). When nothing could be drawn,
 * every arrangement is planned again with the openings the lock itself finds as what must stay
 * visible; the lock's rule still judges each of them. The first passing candidate wins; else the
 * first drawn candidate is delivered as it is (the lock then refuses it and the credit is refunded). Only the
 * returned rectangle is rendered at full size.
 */
async function lockedLayout(image: Buffer, analysis: PhotoAnalysis, kit: StyleKit, options: SceneOptions): Promise<Layout> {
  const guard = await fromInputImage(() => lockGuard(image, analysis));
  const variant = options.variant ?? 0;
  const arrangements: SceneOptions[] = VARIANT_TARGET_X.map((_, k) => ({ ...options, variant: variant + k }));
  if (!options.roomType || options.roomType === 'auto' || options.roomType === 'living_room') arrangements.push({ ...options, withoutSofa: true });
  const checked = new Set<string>();
  let first: Layout | null = null;
  for (const base of [analysis, { ...analysis, protectedRects: guard.protectedByLock }]) {
    for (const tried of arrangements) {
      const found = await passingPlan(guard, base, kit, tried, checked);
      first ??= found.first;
      if (found.passed) return found.passed;
    }
    // Something was drawn with the engine's own openings kept clear: as before, it is not traded for a
    // set in front of an opening its finder saw; only a photo where nothing fitted gets the lock's view.
    if (first) return first;
  }
  return first ?? { placed: analysis, options, region: null };
}

/** Up to PLANS_PER_ARRANGEMENT plans of one arrangement, each with what the previous one covered as an obstacle. */
async function passingPlan(guard: LockGuard, analysis: PhotoAnalysis, kit: StyleKit, options: SceneOptions, checked: Set<string>): Promise<{ first: Layout | null; passed: Layout | null }> {
  let first: Layout | null = null;
  let placed = analysis;
  for (let attempt = 1; attempt <= PLANS_PER_ARRANGEMENT; attempt++) {
    // Arrangements often coincide in a small room: each distinct drawing is checked once.
    const svg = furnishedSceneSvg(placed, kit, undefined, options);
    if (checked.has(svg)) break;
    checked.add(svg);
    const { rects, drawn } = await guard.covered(svg);
    if (!drawn) break;
    const layout = { placed, options, region: regionOf(drawn, analysis, guard.working) };
    first ??= layout;
    if (!rects.length) return { first, passed: layout };
    placed = { ...placed, protectedRects: [...placed.protectedRects, ...rects] };
  }
  return { first, passed: null };
}

/** A working-size box as a photo rectangle, with a little slack. */
function regionOf(box: Box, size: { width: number; height: number }, working: { width: number; height: number }): Region {
  const sx = size.width / working.width;
  const sy = size.height / working.height;
  const left = Math.max(0, Math.floor((box.x0 - REGION_MARGIN) * sx));
  const top = Math.max(0, Math.floor((box.y0 - REGION_MARGIN) * sy));
  const right = Math.min(size.width, Math.ceil((box.x1 + 1 + REGION_MARGIN) * sx));
  const bottom = Math.min(size.height, Math.ceil((box.y1 + 1 + REGION_MARGIN) * sy));
  return { left, top, width: right - left, height: bottom - top };
}
