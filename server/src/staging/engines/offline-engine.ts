import sharp from 'sharp';
import { EngineError, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { fromInputImage } from './input-image.js';
import { furnishedSceneSvg } from './offline/furnished-scene.js';
import { analysePhoto } from './offline/photo-analysis.js';
import { styleKitFor } from './offline/style-kits.js';

/**
 * The default engine: no network, deterministic. Finds the floor line of the photo, then composites
 * a style-specific living-room set drawn as vector shapes in perspective. The UI labels its results
 * "offline preview engine": it shows what staging does, it is not an AI result.
 */
export class OfflineStagingEngine implements StagingEngine {
  readonly name = 'offline';

  async stage(input: StageInput): Promise<StageResult> {
    if (input.signal?.aborted) throw new EngineError('The staging request was cancelled.', 'transient');
    const analysis = await fromInputImage(() => analysePhoto(input.image));
    const overlay = furnishedSceneSvg(analysis, styleKitFor(input.styleId, input.styleDescription));
    try {
      const image = await sharp(input.image)
        .rotate()
        .composite([{ input: Buffer.from(overlay) }])
        // mozjpeg off: it costs ~3x the encode time for a few percent of bytes.
        .jpeg({ quality: 88, mozjpeg: false })
        .toBuffer();
      return { image, mimeType: 'image/jpeg', engine: this.name };
    } catch (error) {
      throw new EngineError('The offline engine could not draw the furniture into this photo.', 'permanent', undefined, { cause: error });
    }
  }
}
