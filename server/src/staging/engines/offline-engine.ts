import sharp from 'sharp';
import { ROOM_TYPES } from '../../../../contract/listing.js';
import { fullSizeJpeg, runImageWork } from '../../images/image-work.js';
import { EngineError, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { fromInputImage } from './input-image.js';
import { furnishedSceneSvg, type Region, type SceneOptions } from './offline/furnished-scene.js';
import { groupKit } from './offline/group-kit.js';
import { lockGuard } from './offline/lock-guard.js';
import type { Box } from '../geometry-lock/verify.js';
import { analysePhoto, type PhotoAnalysis } from './offline/photo-analysis.js';
import { styleKitFor, type StyleKit } from './offline/style-kits.js';

/** Layouts tried before the last one is delivered as it is (then the lock refuses it and the credit is refunded). */
const MAX_ATTEMPTS = 4;
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
    // Full-resolution work: waits for a slot of the process-wide image limit (or gives up on abort).
    const image = await runImageWork(() => this.#draw(input), { signal: input.signal }).catch((error: unknown) => {
      if (input.signal?.aborted && !(error instanceof EngineError)) throw new EngineError('The staging request was cancelled.', 'transient');
      throw error;
    });
    return { image, mimeType: 'image/jpeg', engine: this.name };
  }

  async #draw(input: StageInput): Promise<Buffer> {
    const analysis = await fromInputImage(() => analysePhoto(input.image));
    // One set and palette per room group (decision 025), arranged per variation.
    const kit = groupKit(styleKitFor(input.styleId, input.styleDescription), input.furnitureSeed);
    const options: SceneOptions = { roomType: ROOM_TYPES.find((r) => r === input.roomType), variant: input.variant };
    try {
      const { placed, region } = await lockedLayout(input.image, analysis, kit, options);
      let pipeline = sharp(input.image).rotate();
      if (region) pipeline = pipeline.composite([{ input: Buffer.from(furnishedSceneSvg(placed, kit, region, options)), left: region.left, top: region.top }]);
      return await pipeline.jpeg(fullSizeJpeg(88)).toBuffer();
    } catch (error) {
      throw new EngineError('The offline engine could not draw the furniture into this photo.', 'permanent', undefined, { cause: error });
    }
  }
}

/**
 * The layout the geometry lock accepts (ADR 019, addendum): the lock's openings are obstacles from the
 * start; each candidate is rendered at the lock's working size and run through the lock's own
 * `opening_covered` rule, and what it covers becomes an obstacle for the next. Returns the analysis
 * the set is placed with and the rectangle the furniture covers (null when nothing is drawn); only
 * that rectangle is then rendered at full size.
 */
async function lockedLayout(image: Buffer, analysis: PhotoAnalysis, kit: StyleKit, options: SceneOptions): Promise<{ placed: PhotoAnalysis; region: Region | null }> {
  const guard = await fromInputImage(() => lockGuard(image, analysis));
  let placed: PhotoAnalysis = { ...analysis, protectedRects: [...analysis.protectedRects, ...guard.protectedRects] };
  for (let attempt = 1; ; attempt++) {
    const { rects, drawn } = await guard.covered(furnishedSceneSvg(placed, kit, undefined, options));
    if (!rects.length || attempt >= MAX_ATTEMPTS) return { placed, region: drawn && regionOf(drawn, analysis, guard.working) };
    placed = { ...placed, protectedRects: [...placed.protectedRects, ...rects] };
  }
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
