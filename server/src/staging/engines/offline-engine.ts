import sharp from 'sharp';
import { ROOM_TYPES } from '../../../../contract/listing.js';
import { fullSizeJpeg, runImageWork } from '../../images/image-work.js';
import { EngineError, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { fromInputImage } from './input-image.js';
import { furnishedSceneSvg, type Region, type SceneOptions } from './offline/furnished-scene.js';
import { groupKit } from './offline/group-kit.js';
import { analysePhoto, type PhotoAnalysis } from './offline/photo-analysis.js';
import { styleKitFor, type StyleKit } from './offline/style-kits.js';

/** Width of the quick render that finds where the furniture is (a full-frame overlay of 12 MP costs ~115 MB). */
const PREVIEW_WIDTH = 480;
/** Preview pixels of slack around what the preview shows (soft shadow fringes, anti-aliasing). */
const PREVIEW_MARGIN = 2;

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
      // Only the rectangle the furniture covers is rendered at full size and composited.
      const region = await drawnRegion(analysis, kit, options);
      let pipeline = sharp(input.image).rotate();
      if (region) pipeline = pipeline.composite([{ input: Buffer.from(furnishedSceneSvg(analysis, kit, region, options)), left: region.left, top: region.top }]);
      return await pipeline.jpeg(fullSizeJpeg(88)).toBuffer();
    } catch (error) {
      throw new EngineError('The offline engine could not draw the furniture into this photo.', 'permanent', undefined, { cause: error });
    }
  }
}

/** The bounding box of everything the overlay draws, from a small render of it; null when it draws nothing. */
async function drawnRegion(analysis: PhotoAnalysis, kit: StyleKit, options: SceneOptions): Promise<Region | null> {
  const { width, height } = analysis;
  const scale = Math.min(1, PREVIEW_WIDTH / width);
  const { data, info } = await sharp(Buffer.from(furnishedSceneSvg(analysis, kit, undefined, options)), { density: 72 * scale })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    const row = y * info.width;
    for (let x = 0; x < info.width; x++) {
      if (data[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  const sx = width / info.width;
  const sy = height / info.height;
  const left = Math.max(0, Math.floor((x0 - PREVIEW_MARGIN) * sx));
  const top = Math.max(0, Math.floor((y0 - PREVIEW_MARGIN) * sy));
  const right = Math.min(width, Math.ceil((x1 + 1 + PREVIEW_MARGIN) * sx));
  const bottom = Math.min(height, Math.ceil((y1 + 1 + PREVIEW_MARGIN) * sy));
  return { left, top, width: right - left, height: bottom - top };
}
