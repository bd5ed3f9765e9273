import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engines/engine.js';

/**
 * Calls an engine with bounded retries: transient errors (rate limits with retry-after, 5xx,
 * timeouts) are retried with exponential backoff honouring `retryAfterMs`, at most `attempts`
 * times and never past `deadline`; permanent errors (content policy, bad key) fail at once.
 * An engine that ignores its abort signal is still cut off at the deadline.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

export interface RunEngineOptions {
  /** Epoch ms after which no attempt runs and a running one is abandoned. */
  deadline: number;
  signal: AbortSignal;
  policy?: RetryPolicy;
  onRetry?: (info: { attempt: number; waitMs: number; error: EngineError }) => void;
}

export async function stageWithRetries(engine: StagingEngine, input: Omit<StageInput, 'signal'>, options: RunEngineOptions): Promise<StageResult> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce(engine, input, options);
    } catch (err) {
      const error = asEngineError(err);
      if (options.signal.aborted) throw new EngineError(engineMessages.cancelled, 'permanent', undefined, { cause: err });
      if (error.kind === 'permanent' || attempt >= policy.attempts) throw error;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);
      const waitMs = Math.round(Math.max(error.retryAfterMs ?? 0, backoff));
      // Waiting past the deadline only to fail then helps nobody: give the error now.
      if (Date.now() + waitMs >= options.deadline) throw error;
      options.onRetry?.({ attempt, waitMs, error });
      await sleep(waitMs, options.signal);
    }
  }
}

async function attemptOnce(engine: StagingEngine, input: Omit<StageInput, 'signal'>, options: RunEngineOptions): Promise<StageResult> {
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new EngineError(engineMessages.timeout, 'permanent');
  const controller = new AbortController();
  let cut: (error: EngineError) => void = () => {};
  const cutOff = new Promise<never>((_, reject) => (cut = reject));
  cutOff.catch(() => {}); // settled after the race when the engine answered first
  const onAbort = () => {
    controller.abort(options.signal.reason);
    cut(new EngineError(engineMessages.cancelled, 'permanent'));
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    controller.abort(new Error('deadline'));
    cut(new EngineError(engineMessages.timeout, 'permanent'));
  }, remaining);
  try {
    return await Promise.race([engine.stage({ ...input, signal: controller.signal }), cutOff]);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

/** Anything an engine throws that is not an EngineError is a bug or an unexpected failure: not retried. */
export function asEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  return new EngineError(engineMessages.failed, 'permanent', undefined, { cause: err });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
