/**
 * In-process caps on long-lived responses (event streams, listing zips; decision 032): a slot is
 * taken under several keys at once (`user:<id>` and `run:<id>`, or a user and the whole process)
 * only when every key is below its limit, and given back exactly once when the response ends.
 */
export interface SlotClaim {
  key: string;
  limit: number;
}

export class OpenSlots {
  readonly #counts = new Map<string, number>();

  /** Slots open under `key` now. */
  count(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  /** One slot under every claim's key, or `null` (nothing taken) when one of them is full. */
  take(claims: SlotClaim[]): (() => void) | null {
    if (claims.some((c) => this.count(c.key) >= c.limit)) return null;
    for (const c of claims) this.#counts.set(c.key, this.count(c.key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const c of claims) {
        const left = this.count(c.key) - 1;
        if (left > 0) this.#counts.set(c.key, left);
        else this.#counts.delete(c.key);
      }
    };
  }
}
