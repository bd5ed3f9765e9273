import sharp from 'sharp';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from '../engines/engine.js';

/**
 * One run's engine (issue 38, decision 054): the service's primary model and its fallbacks in the
 * operator's order. A call the provider answers with 5xx, a timeout or no connection, or a provider
 * paused by its rate limit beyond the run's patience, moves the run to the next model: each model is
 * left at most once, so the last one gets the run's ordinary retries. A permanent error (content
 * policy, bad key) or a cancellation is not a reason to fall back. Every call is reported to
 * `record` with its model, sizes and latency (models/call-recorder.ts stores it with its cost).
 */
export interface ModelRoute {
  modelId: string;
  provider: string;
  engine: StagingEngine;
}

export interface CallReport {
  route: ModelRoute;
  strict: boolean;
  input: { width?: number; height?: number };
  latencyMs: number;
}

export interface RouteHooks {
  /** Stores the returned images' calls; answers their ids in order. */
  returned(report: CallReport, outputs: Array<{ width?: number; height?: number }>): Promise<string[]>;
  failed(report: CallReport, error: EngineError): Promise<void>;
  /** How long the provider's shared schedule holds requests back now (provider-budget.ts). */
  waitMs(provider: string): Promise<number>;
  /** The lock's verdict on a returned image. */
  settle(callId: string, outcome: 'delivered' | 'refused', reason?: string): Promise<void>;
}

export interface RoutedEngine extends StagingEngine {
  /** The lock refused a result: with the operator's "fall back on refusal", the strict retry goes to the next model. */
  noteRefusal(): void;
  settle(result: StageResult, outcome: 'delivered' | 'refused', reason?: string): Promise<void>;
}

export function routedEngine(routes: ModelRoute[], hooks: RouteHooks, options: { patienceMs: number; fallbackOnRefusal: boolean }): RoutedEngine {
  if (!routes.length) throw new Error('a run needs at least one model');
  let index = 0;
  const current = () => routes[index]!;
  const hasNext = () => index + 1 < routes.length;
  const sizes = new WeakMap<Buffer, Promise<{ width?: number; height?: number }>>();
  const sizeOf = (image: Buffer) => {
    let size = sizes.get(image);
    if (!size) sizes.set(image, (size = imageSize(image)));
    return size;
  };

  async function request(input: StageInput, call: (engine: StagingEngine) => Promise<StageResult[]>): Promise<StageResult[]> {
    for (;;) {
      const route = current();
      if (hasNext() && (await hooks.waitMs(route.provider)) > options.patienceMs) {
        index++;
        continue;
      }
      const started = performance.now();
      const report = async (): Promise<CallReport> => ({ route, strict: Boolean(input.strict), input: await sizeOf(input.image), latencyMs: performance.now() - started });
      try {
        const results = await call(route.engine);
        const ids = await hooks.returned(await report(), await Promise.all(results.map((r) => imageSize(r.image))));
        return results.map((result, i) => ({ ...result, callId: ids[i] }));
      } catch (err) {
        const error = err instanceof EngineError ? err : new EngineError(engineMessages.failed, 'permanent', undefined, { cause: err });
        await hooks.failed(await report(), error);
        if (hasNext() && fallsBack(error, options.patienceMs) && !input.signal?.aborted) {
          index++;
          continue;
        }
        throw err;
      }
    }
  }

  const primary = routes[0]!.engine;
  const engine: RoutedEngine = {
    get name() {
      return current().engine.name;
    },
    takesEditMask: primary.takesEditMask,
    canDeclutter: primary.canDeclutter,
    maxReferenceImages: primary.maxReferenceImages,
    stage: async (input) => (await request(input, async (e) => [await e.stage(input)]))[0]!,
    noteRefusal() {
      if (options.fallbackOnRefusal && hasNext()) index++;
    },
    async settle(result, outcome, reason) {
      if (result.callId) await hooks.settle(result.callId, outcome, reason);
    },
  };
  if (primary.stageVariations) {
    engine.stageVariations = (input, count) =>
      request(input, (e) =>
        e.stageVariations ? e.stageVariations(input, count) : Promise.all(Array.from({ length: count }, (_, i) => e.stage({ ...input, variant: (input.variant ?? 0) + i }))),
      );
  }
  return engine;
}

/** 5xx, timeouts, no connection, and a rate limit whose named wait exceeds the run's patience. */
function fallsBack(error: EngineError, patienceMs: number): boolean {
  if (error.kind !== 'transient') return false;
  switch (error.message) {
    case engineMessages.unavailable:
    case engineMessages.timeout:
    case engineMessages.network:
      return true;
    case engineMessages.rateLimited:
      return (error.retryAfterMs ?? 0) > patienceMs;
    default:
      return false;
  }
}

async function imageSize(image: Buffer): Promise<{ width?: number; height?: number }> {
  try {
    const { width, height } = await sharp(image).metadata();
    return { width, height };
  } catch {
    return {};
  }
}
