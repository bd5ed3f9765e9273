import { describe, expect, it } from 'vitest';
import { WorkLimiter } from './work-limiter.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
}

describe('WorkLimiter', () => {
  it('runs at most `limit` tasks at once and starts the others in arrival order', async () => {
    const limiter = new WorkLimiter(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => limiter.run(g.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);
    gates[1]!.release();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    gates[0]!.release();
    gates[2]!.release();
    gates[3]!.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new WorkLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('gives up a wait when its signal aborts (a timeout), without running the task or taking a slot', async () => {
    const limiter = new WorkLimiter(1);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = limiter.run(first.task);
    let ran = false;
    const waiting = limiter.run(
      async () => {
        ran = true;
      },
      { signal: AbortSignal.timeout(20) },
    );
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(limiter.waiting).toBe(0);
    const after = gate(log, 'after');
    const next = limiter.run(after.task);
    first.release();
    after.release();
    await Promise.all([running, next]);
    expect(ran).toBe(false);
    expect(log).toEqual(['start first', 'end first', 'start after', 'end after']);
  });

  it('refuses at once when the signal has already aborted', async () => {
    const limiter = new WorkLimiter(1);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(limiter.run(async () => 'x', { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(limiter.active).toBe(0);
  });

  it('starts waiting tasks when the limit grows', async () => {
    const limiter = new WorkLimiter(1);
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const runs = [limiter.run(a.task), limiter.run(b.task)];
    await tick();
    expect(log).toEqual(['start a']);
    limiter.setLimit(2);
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    a.release();
    b.release();
    await Promise.all(runs);
    expect(() => limiter.setLimit(0)).toThrow(RangeError);
  });
});
