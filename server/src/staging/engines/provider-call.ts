import { EngineError, engineMessages } from './engine.js';

/** 120 s: image edits take 10–90 s at the providers; longer than this is treated as a hung call. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 120_000;

export interface ProviderCallOptions {
  timeoutMs: number;
  /** The caller's signal (job cancelled, worker shutting down). */
  signal?: AbortSignal;
}

/**
 * Runs one provider call under an overall deadline. The call gets a signal that aborts on the
 * deadline or the caller's signal; the call is also raced against that signal, because SDKs do not
 * all stop promptly (e.g. during their own retry sleeps). Every failure leaves as an EngineError:
 * `mapError` translates the SDK's own errors, timeouts and cancellations are decided here.
 */
export async function runProviderCall<T>(
  options: ProviderCallOptions,
  call: (signal: AbortSignal) => Promise<T>,
  mapError: (error: unknown) => EngineError,
): Promise<T> {
  if (options.signal?.aborted) throw new EngineError(engineMessages.cancelled, 'transient');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new EngineError(engineMessages.timeout, 'transient'));
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort(new EngineError(engineMessages.cancelled, 'transient'));
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => {}); // only observed through the race below
  try {
    return await Promise.race([call(controller.signal), aborted]);
  } catch (error) {
    if (timedOut) throw new EngineError(engineMessages.timeout, 'transient', undefined, { cause: error });
    if (controller.signal.aborted) throw new EngineError(engineMessages.cancelled, 'transient', undefined, { cause: error });
    if (error instanceof EngineError) throw error;
    throw mapError(error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Errors no adapter-specific mapping recognised: network failures may pass, anything else is a bug or garbage. */
export function mapGenericError(error: unknown): EngineError {
  if (error instanceof SyntaxError) return new EngineError(engineMessages.malformed, 'permanent', undefined, { cause: error });
  if (error instanceof TypeError && /fetch failed|terminated|socket|ECONN|network/i.test(describe(error))) {
    return new EngineError(engineMessages.network, 'transient', undefined, { cause: error });
  }
  return new EngineError(engineMessages.failed, 'permanent', undefined, { cause: error });
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? ` ${error.cause.message} ${(error.cause as { code?: string }).code ?? ''}` : '';
  return `${error.message}${cause}`;
}

/** Transient error for a provider-side status (429, 5xx), carrying the provider's requested wait. */
export function transientStatusError(status: number, retryAfterMs?: number): EngineError {
  return new EngineError(status === 429 ? engineMessages.rateLimited : engineMessages.unavailable, 'transient', retryAfterMs);
}

interface HeaderSource {
  get(name: string): string | null;
}

/** `retry-after-ms` (OpenAI's extension) first, then `retry-after` as seconds or an HTTP date. */
export function retryAfterFromHeaders(headers: HeaderSource | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && /^\s*[\d.]+\s*$/.test(raw)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Google's `google.protobuf.Duration` JSON form, e.g. "28s" or "1.5s". */
export function durationToMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.round(Number.parseFloat(match[1]) * 1000) : undefined;
}
