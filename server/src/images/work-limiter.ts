/**
 * A small async semaphore whose waiting line is fair between owners: at most `limit` tasks run at
 * once, and the waiting ones start in round-robin order of their owners (decision 040), not in
 * arrival order. An owner with a share of 2 gets two tasks per round. Tasks of one owner keep
 * their arrival order; a task without an owner counts as a newcomer's first (next round).
 *
 * The order is start-time fair queueing with unit cost: a task's tag is the later of the round
 * being admitted now and the end of its owner's previous task, plus 1 ÷ share for the next one;
 * the lowest tag starts first (ties: arrival). So an owner who queued six tasks at once holds six
 * rounds, and an owner arriving later gets the next round, not the seventh.
 *
 * A waiting task can be given up through an AbortSignal (its caller's timeout or cancellation);
 * it then leaves the queue without ever running and without taking a slot.
 */
export interface WorkOwner {
  /** Whose work this is (the user). */
  key: string;
  /** Tasks per round (≥ 1; the plan's staging share). */
  share: number;
}

interface Waiting {
  tag: number;
  arrival: number;
  start: () => void;
}

export class WorkLimiter {
  #limit: number;
  #active = 0;
  readonly #queue: Waiting[] = [];
  /** The round being admitted: the tag of the task started last. */
  #round = 0;
  /** Per owner, where its next task's round begins. */
  readonly #nextRound = new Map<string, number>();
  #arrivals = 0;

  constructor(limit: number) {
    this.#limit = WorkLimiter.#checked(limit);
  }

  /** Changes the limit; waiting tasks start at once when it grows. */
  setLimit(limit: number): void {
    this.#limit = WorkLimiter.#checked(limit);
    this.#drain();
  }

  get limit(): number {
    return this.#limit;
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Runs `work` once a slot is free and its owner's turn has come. Rejects with the signal's reason
   * (without running `work`) when the signal aborts before the slot is granted; an abort after that
   * is `work`'s business.
   */
  async run<T>(work: () => Promise<T>, options: { signal?: AbortSignal; owner?: WorkOwner } = {}): Promise<T> {
    await this.#acquire(options.signal, this.#tagFor(options.owner));
    try {
      return await work();
    } finally {
      this.#active -= 1;
      this.#drain();
    }
  }

  #tagFor(owner: WorkOwner | undefined): number {
    if (!owner) return this.#round;
    const tag = Math.max(this.#round, this.#nextRound.get(owner.key) ?? this.#round);
    this.#nextRound.set(owner.key, tag + 1 / Math.max(1, owner.share));
    return tag;
  }

  #acquire(signal: AbortSignal | undefined, tag: number): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.#active < this.#limit && this.#queue.length === 0) {
      this.#admit(tag);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = {
        tag,
        arrival: this.#arrivals++,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.#queue.indexOf(waiting);
        if (at >= 0) this.#queue.splice(at, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiting);
    });
  }

  #admit(tag: number): void {
    this.#active += 1;
    this.#round = Math.max(this.#round, tag);
    // Owners whose rounds are all behind the current one start from it anyway: forget them.
    if (this.#nextRound.size > 256) for (const [key, next] of this.#nextRound) if (next <= this.#round) this.#nextRound.delete(key);
  }

  #drain(): void {
    while (this.#active < this.#limit && this.#queue.length > 0) {
      let next = 0;
      for (let i = 1; i < this.#queue.length; i++) {
        const a = this.#queue[i]!;
        const b = this.#queue[next]!;
        if (a.tag < b.tag || (a.tag === b.tag && a.arrival < b.arrival)) next = i;
      }
      const [chosen] = this.#queue.splice(next, 1);
      this.#admit(chosen!.tag);
      chosen!.start();
    }
  }

  static #checked(limit: number): number {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`WorkLimiter needs a whole limit of at least 1, got ${limit}`);
    return limit;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
