import type { RoomType } from '../../../../contract/listing.js';
import type { OverlayOptions, Sharp } from 'sharp';
import type { RenovationChoice } from '../../../../contract/renovation.js';
import type { ComposeInput } from './compose/compose.js';

/**
 * The geometry lock's public shapes (DESIGN §6): every engine's result is aligned to the original,
 * the added objects are masked, and the delivered image is the original outside the mask and the
 * aligned result inside it, at the original's resolution; the composite is then verified.
 * `lockResult` (lock.ts) produces one of these; the staging run stores a locked result and refuses
 * (refunds) a refused one.
 */

/** Figures stored with every delivered image and shown in plain words in the image detail panel. */
export interface LockFigures {
  /** Median residual of the alignment (RANSAC inliers), in pixels of the original at 1024 px long side. */
  alignmentErrorPx: number;
  /** Share of the frame (0–1) taken from the model's result: the added objects and their shadows. */
  changedShare: number;
  /** Share (0–1) of the original's long structural lines that are still where they were (1 = all). */
  architectureScore: number;
  /**
   * How many of the photo's structure patches (edge-rich cells spread over the frame) line up in the
   * aligned result, outside the added objects: the evidence that this is the same room from the same
   * camera (alignment.ts). Absent when the result could not be aligned at all.
   */
  structureSupport?: number;
  /**
   * The delivered image's seam figure (seam.ts): the colour and gradient step along the change mask's
   * boundary relative to the photo's own at the same places; ≤ 1 means no visible seam. Absent on refusals.
   */
  seam?: number;
  /**
   * Defect figures of a delivered image (figures/defects.ts, opening-views.ts): the share of the mask's
   * outline where an object was cut off, of the frame delivered as light alone, and of the windows'
   * area delivered from the model with nothing in front of it (a re-drawn view). 0 is clean. Absent
   * on refusals; measured for the benchmarks and the lock's walk-through, not stored with an image.
   */
  cutObjects?: number;
  lightPatchwork?: number;
  viewReplaced?: number;
  /**
   * Surface mode (renovation, decision 062): surfaces not chosen that the model re-did anyway; the
   * delivered image has the photo's there. And how many long lines the result drew that the photo
   * does not have (a moved window or cabinet: refused).
   */
  restoredSurfaces?: string[];
  newLines?: number;
}

/** Why a result was refused; several may apply. */
export type LockRefusalReason =
  /** No trustworthy homography: another room, a moved camera beyond repair, too few matches. */
  | 'alignment_failed'
  /** The room's long lines (wall, ceiling and floor junctions, frames) moved or vanished. */
  | 'architecture_changed'
  /** A window or door is covered beyond its lower part, or painted over / removed. */
  | 'opening_covered'
  /** The change mask is most of the frame: a re-rendered room, not furniture added to this one. */
  | 'too_much_changed';

export interface LockedResult {
  verdict: 'locked';
  figures: LockFigures;
  /** The delivered composite, drawn on demand (see LockComposite). */
  composite: LockComposite;
  /** What was added, for "Show what changed": a greyscale PNG (white = added), long side ≤ 1024 px. */
  changeMask: Buffer;
}

/**
 * The composite of a locked result, not yet drawn: `render(size)` gives a fresh libvips pipeline
 * (8-bit sRGB, no alpha) of the original outside the change mask and the aligned result inside it,
 * at `size` (default: the original's auto-oriented size, `width`×`height`; the caller keeps the aspect
 * ratio), with `overlays` laid on top (a watermark). Finishing encodes it straight from the
 * original's decoder, so no full-resolution raw buffer is held in between.
 */
export interface LockComposite {
  width: number;
  height: number;
  render(size?: { width: number; height: number }, overlays?: OverlayOptions[]): Promise<Sharp>;
  /**
   * The plain data the composite is drawn from (lock.ts), so finishing can draw it in an image thread
   * (result-image.ts `finishLocked`, decision 057); absent on composites made otherwise.
   */
  source?: ComposeInput;
}

export interface RefusedResult {
  verdict: 'refused';
  figures: LockFigures;
  reasons: LockRefusalReason[];
}

export type LockOutcome = LockedResult | RefusedResult;

export interface LockOptions {
  signal?: AbortSignal;
  /**
   * 'furnish' (default): the model may only add objects. 'remove' (furniture removal, decision 027):
   * it may only take loose objects away; the mask is of what disappeared and the verification keeps
   * the building's own lines and openings (removal-verify.ts).
   */
  mode?: LockMode;
  /** The photo's room type: a bathroom's fixtures must stay as photographed (structure/bathroom-fixtures.ts, decision 063). */
  roomType?: RoomType;
  /** `mode: 'surface'` (renovation, decision 062): the surfaces the model may re-do; nothing else may change. */
  renovation?: RenovationChoice;
}

/** 'surface': a renovation; only the chosen surfaces may change appearance (surface-mode/surface-lock.ts). */
export type LockMode = 'furnish' | 'remove' | 'surface';

/**
 * `lockResult(original, result, options?) => Promise<LockOutcome>` and
 * `protectedRegionsMask(original, {width, height}) => Promise<Buffer>` live in lock.ts (their OpenCV
 * work runs in the image threads, cv-threads.ts); the latter gives
 * an RGBA PNG of that size whose alpha is 255 where the model must not paint (windows, doors, the
 * ceiling band) and 0 where it may (the floor and the walls' lower part): the edit mask a provider
 * takes on the strict retry (OpenAI edits: transparent = editable).
 */
