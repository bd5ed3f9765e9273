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

  describe('fair order between owners (decision 040)', () => {
    /** Queues tasks named `<owner><n>` behind one running task, releases them one by one, returns the start order. */
    async function startOrder(limiter: WorkLimiter, queued: Array<{ name: string; owner?: { key: string; share: number } }>) {
      const log: string[] = [];
      const first = gate(log, 'first');
      const running = [limiter.run(first.task)];
      const gates = queued.map((q) => ({ ...q, ...gate(log, q.name) }));
      for (const g of gates) running.push(limiter.run(g.task, { owner: g.owner }));
      await tick();
      first.release();
      for (let i = 0; i < gates.length; i++) {
        await tick();
        const started = log.filter((l) => l.startsWith('start ')).length - 1;
        gates.find((g) => log.includes(`start ${g.name}`) && !log.includes(`end ${g.name}`))?.release();
        expect(started).toBe(i + 1);
      }
      await Promise.all(running);
      return log.filter((l) => l.startsWith('start ') && l !== 'start first').map((l) => l.slice(6));
    }
    const as = (key: string, share = 1) => ({ key, share });

    it("starts a later owner's first task before an earlier owner's second (round robin, not arrival order)", async () => {
      const order = await startOrder(new WorkLimiter(1), [
        ...['a1', 'a2', 'a3'].map((name) => ({ name, owner: as('a') })),
        { name: 'b1', owner: as('b') },
        { name: 'c1', owner: as('c') },
        { name: 'b2', owner: as('b') },
      ]);
      expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    });

    it('gives an owner with a share of 2 two tasks per round', async () => {
      const order = await startOrder(new WorkLimiter(1), [
        ...['a1', 'a2', 'a3'].map((name) => ({ name, owner: as('a') })),
        ...['b1', 'b2', 'b3', 'b4'].map((name) => ({ name, owner: as('b', 2) })),
      ]);
      expect(order).toEqual(['a1', 'b1', 'b2', 'a2', 'b3', 'b4', 'a3']);
    });

    it('gives an owner no credit for the time it was idle: back, it alternates with the busy owner', async () => {
      const limiter = new WorkLimiter(1);
      // a ran one task, then b ran four while a was idle.
      await limiter.run(async () => {}, { owner: as('a') });
      for (let i = 0; i < 4; i++) await limiter.run(async () => {}, { owner: as('b') });
      const order = await startOrder(limiter, [
        ...['b5', 'b6'].map((name) => ({ name, owner: as('b') })),
        ...['a2', 'a3', 'a4'].map((name) => ({ name, owner: as('a') })),
      ]);
      expect(order).toEqual(['a2', 'b5', 'a3', 'b6', 'a4']);
    });
  });
});
