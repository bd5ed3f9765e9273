import type { RenovationChoice } from '../../../../contract/renovation.js';
import type { StyleId } from '../../../../contract/styles.js';

export type StagingTask = 'furnish' | 'remove' | 'renovate';

/** One staging request: an empty-room photo plus the chosen style. */
export interface StageInput {
  image: Buffer;
  mimeType: string;
  styleId: StyleId;
  styleName: string;
  styleDescription: string;
  instructions?: string;
  roomType?: string;
  /** 'remove' empties a furnished room (category furniture_removal, decision 027); default 'furnish'. */
  task?: StagingTask;
  /** `task: 'renovate'` (decision 062): which surfaces change and to what; nothing else may. */
  renovation?: RenovationChoice;
  /** Set on the retry after the geometry lock refused a result: the prompt insists harder on preserving the room. */
  strict?: boolean;
  /**
   * On that retry, for engines with `takesEditMask`: an RGBA PNG the size of `image` whose alpha is 0
   * where the model may paint and 255 over windows, doors and the ceiling (OpenAI edits' `mask`).
   */
  editMask?: Buffer;
  signal?: AbortSignal;
  /**
   * Decision 025: the first accepted result of the same room (`same_room`: same pieces) or of the
   * project (`same_palette`: palette and materials only), sent as a second image where the engine
   * takes one (`maxReferenceImages`).
   */
  reference?: ReferenceImage;
  /** Deterministic seed of the photo's room group: the offline engine's furniture set and palette. */
  furnitureSeed?: string;
  /** Which variation of the photo this is (0-based); the offline engine arranges the set differently. */
  variant?: number;
}

export type ReferenceKind = 'same_room' | 'same_palette';
export interface ReferenceImage {
  image: Buffer;
  mimeType: string;
  kind: ReferenceKind;
}

export interface StageResult {
  image: Buffer;
  mimeType: string;
  /** Which engine made the image, e.g. 'offline' or 'openai:gpt-image-1.5' (stored with the image). */
  engine: string;
  /** The recorded engine call this image came from (models/routed-engine.ts), for the lock's verdict. */
  callId?: string;
}

/** The port every staging engine implements; the staging service depends on nothing else. */
export interface StagingEngine {
  readonly name: string;
  /** True when the provider documents an edit mask (OpenAI edits); the strict retry then sends one. */
  readonly takesEditMask?: boolean;
  /** True when the engine can empty a furnished room (`task: 'remove'`); the offline engine cannot. */
  readonly canDeclutter?: boolean;
  /** How many reference images the provider takes besides the photo (0 or absent: none are sent). */
  readonly maxReferenceImages?: number;
  stage(input: StageInput): Promise<StageResult>;
  /** Several results from one provider call (OpenAI edits' `n`); otherwise the runner calls `stage` per variation. */
  stageVariations?(input: StageInput, count: number): Promise<StageResult[]>;
}

/**
 * The engine with every provider request (one `stage`, or one `stageVariations` call) passed through
 * `around`: what the decorators (provider budget, engine slots) share. Everything else is the engine's.
 */
export function aroundEachRequest(engine: StagingEngine, around: <T>(input: StageInput, request: () => Promise<T>) => Promise<T>): StagingEngine {
  const stageVariations = engine.stageVariations?.bind(engine);
  return {
    name: engine.name,
    takesEditMask: engine.takesEditMask,
    canDeclutter: engine.canDeclutter,
    maxReferenceImages: engine.maxReferenceImages,
    stage: (input) => around(input, () => engine.stage(input)),
    ...(stageVariations ? { stageVariations: (input: StageInput, count: number) => around(input, () => stageVariations(input, count)) } : {}),
  };
}

export type EngineErrorKind = 'transient' | 'permanent';

/**
 * The only error an engine throws. `transient` (rate limits, 5xx, timeouts, network) may be retried
 * by the caller, after `retryAfterMs` when the provider named a wait; `permanent` (content policy,
 * bad key, malformed reply, unknown model) must not. The message is a sentence a user may see.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly kind: EngineErrorKind,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}

/** The user-facing sentences, kept together so every adapter says the same thing for the same case. */
export const engineMessages = {
  contentPolicy: 'The AI provider refused this image under its content policy.',
  badKey: 'The AI provider rejected our API key.',
  forbidden: 'The AI provider denied access to the image model.',
  unknownModel: 'The configured AI image model does not exist or is not available.',
  badRequest: 'The AI provider rejected the request as invalid.',
  rateLimited: 'The AI provider is rate-limiting us; please try again shortly.',
  unavailable: 'The AI provider is temporarily unavailable.',
  timeout: 'The AI provider did not answer in time.',
  network: 'The AI provider could not be reached.',
  cancelled: 'The staging request was cancelled before the AI provider answered.',
  malformed: 'The AI provider sent a reply that is not a valid image.',
  oversized: 'The AI provider sent an oversized image.',
  noImage: 'The AI provider returned no image.',
  failed: 'The AI provider failed to stage the image.',
  unreadableInput: 'The uploaded file could not be read as an image.',
} as const;
