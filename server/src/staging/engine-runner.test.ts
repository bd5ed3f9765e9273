import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScriptedEngine } from '../../test/support/staging-fixtures.js';
import { stageWithRetries } from './engine-runner.js';
import { EngineError, engineMessages } from './engines/engine.js';

const input = { image: Buffer.alloc(0), mimeType: 'image/jpeg', styleId: 'modern' as const, styleName: 'Modern Staging', styleDescription: '' };
const policy = { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 };
const ok = async () => ({ image: Buffer.from('x'), mimeType: 'image/jpeg', engine: 'test' });

/** A fake clock: `Date.now()` and the runner's timers move only when the test advances them. */
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Settles `promise` into a state the test can read without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('stageWithRetries', () => {
  it('honours retry-after of a rate limit before the next attempt', async () => {
    const engine = new ScriptedEngine([new EngineError(engineMessages.rateLimited, 'transient', 300), ok]);
    const waits: number[] = [];
    const run = track(stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy, onRetry: (i) => waits.push(i.waitMs) }));
    await vi.advanceTimersByTimeAsync(0);
    // The backoff (10 ms ± 20 %) is shorter than the retry-after: the retry-after is the wait.
    expect(waits).toEqual([300]);
    await vi.advanceTimersByTimeAsync(299);
    expect(engine.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.calls).toHaveLength(2);
    expect(run).toMatchObject({ settled: true, value: { engine: 'test' } });
  });

  it('fails fast on permanent errors and after the last transient attempt', async () => {
    const refused = new ScriptedEngine([new EngineError(engineMessages.contentPolicy, 'permanent'), ok]);
    await expect(stageWithRetries(refused, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.contentPolicy);
    expect(refused.calls).toHaveLength(1);
    const down = new ScriptedEngine([], new EngineError(engineMessages.unavailable, 'transient'));
    const waits: number[] = [];
    const failing = track(stageWithRetries(down, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy, onRetry: (i) => waits.push(i.waitMs) }));
    // Backoff 10 ms then 20 ms (± 20 % jitter): at most 12 + 24 ms of waiting for three attempts.
    await vi.advanceTimersByTimeAsync(36);
    expect(failing.settled).toBe(true);
    expect((failing.error as Error).message).toBe(engineMessages.unavailable);
    expect(down.calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(8);
    expect(waits[0]).toBeLessThanOrEqual(12);
    expect(waits[1]).toBeGreaterThanOrEqual(16);
    expect(waits[1]).toBeLessThanOrEqual(24);
  });

  it('does not wait past the deadline for a long retry-after', async () => {
    const engine = new ScriptedEngine([new EngineError(engineMessages.rateLimited, 'transient', 60_000), ok]);
    const started = Date.now();
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 1000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.rateLimited);
    // Given up at once: no time passed on the fake clock and no timer is left waiting.
    expect(Date.now()).toBe(started);
    expect(vi.getTimerCount()).toBe(0);
    expect(engine.calls).toHaveLength(1);
  });

  it('cuts off an engine that ignores its signal at the deadline', async () => {
    const engine = new ScriptedEngine([() => new Promise(() => {})]);
    const run = track(stageWithRetries(engine, input, { deadline: Date.now() + 300, signal: new AbortController().signal, policy }));
    await vi.advanceTimersByTimeAsync(299);
    expect(run.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.settled).toBe(true);
    expect((run.error as Error).message).toBe(engineMessages.timeout);
    expect(engine.calls).toHaveLength(1);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const engine = new ScriptedEngine(['hang']);
    const run = track(stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: controller.signal, policy }));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.settled).toBe(false);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((run.error as Error).message).toBe(engineMessages.cancelled);
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]!.signal!.aborted).toBe(true);
  });

  it('treats unexpected exceptions as permanent failures with a readable message', async () => {
    const engine = new ScriptedEngine([async () => { throw new TypeError('boom'); }]);
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.failed);
    expect(engine.calls).toHaveLength(1);
  });
});
