/**
 * A small async semaphore: at most `limit` tasks run at once, the others wait in arrival order.
 * A waiting task can be given up through an AbortSignal (its caller's timeout or cancellation);
 * it then leaves the queue without ever running and without taking a slot.
 */
export class WorkLimiter {
  #limit: number;
  #active = 0;
  readonly #queue: Array<() => void> = [];

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
   * Runs `work` once a slot is free. Rejects with the signal's reason (without running `work`) when
   * the signal aborts before the slot is granted; an abort after that is `work`'s business.
   */
  async run<T>(work: () => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
    await this.#acquire(options.signal);
    try {
      return await work();
    } finally {
      this.#active -= 1;
      this.#drain();
    }
  }

  #acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.#active < this.#limit && this.#queue.length === 0) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        this.#active += 1;
        resolve();
      };
      const onAbort = () => {
        const at = this.#queue.indexOf(start);
        if (at >= 0) this.#queue.splice(at, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(start);
    });
  }

  #drain(): void {
    while (this.#active < this.#limit && this.#queue.length > 0) this.#queue.shift()!();
  }

  static #checked(limit: number): number {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`WorkLimiter needs a whole limit of at least 1, got ${limit}`);
    return limit;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
