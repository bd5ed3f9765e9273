import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../test/support/staging-fixtures.js';
import { stageWithRetries } from './engine-runner.js';
import { EngineError, engineMessages } from './engines/engine.js';

const input = { image: Buffer.alloc(0), mimeType: 'image/jpeg', styleId: 'modern' as const, styleName: 'Modern Staging', styleDescription: '' };
const policy = { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 };
const ok = async () => ({ image: Buffer.from('x'), mimeType: 'image/jpeg', engine: 'test' });

describe('stageWithRetries', () => {
  it('honours retry-after of a rate limit before the next attempt', async () => {
    const engine = new ScriptedEngine([new EngineError(engineMessages.rateLimited, 'transient', 300), ok]);
    const started = Date.now();
    const waits: number[] = [];
    await stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy, onRetry: (i) => waits.push(i.waitMs) });
    expect(engine.calls).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fails fast on permanent errors and after the last transient attempt', async () => {
    const refused = new ScriptedEngine([new EngineError(engineMessages.contentPolicy, 'permanent'), ok]);
    await expect(stageWithRetries(refused, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.contentPolicy);
    expect(refused.calls).toHaveLength(1);
    const down = new ScriptedEngine([], new EngineError(engineMessages.unavailable, 'transient'));
    await expect(stageWithRetries(down, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.unavailable);
    expect(down.calls).toHaveLength(3);
  });

  it('does not wait past the deadline for a long retry-after', async () => {
    const engine = new ScriptedEngine([new EngineError(engineMessages.rateLimited, 'transient', 60_000), ok]);
    const started = Date.now();
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 1000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.rateLimited);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('cuts off an engine that ignores its signal at the deadline', async () => {
    const engine = new ScriptedEngine([() => new Promise(() => {})]);
    const started = Date.now();
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 300, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.timeout);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const engine = new ScriptedEngine(['hang']);
    setTimeout(() => controller.abort(), 50);
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: controller.signal, policy })).rejects.toThrow(engineMessages.cancelled);
  });

  it('treats unexpected exceptions as permanent failures with a readable message', async () => {
    const engine = new ScriptedEngine([async () => { throw new TypeError('boom'); }]);
    await expect(stageWithRetries(engine, input, { deadline: Date.now() + 5000, signal: new AbortController().signal, policy })).rejects.toThrow(engineMessages.failed);
    expect(engine.calls).toHaveLength(1);
  });
});
