import { createHmac, randomBytes } from 'node:crypto';

/**
 * A per-client burst limit held in this process's memory only: the client is known by an HMAC of
 * its address with a key that lives as long as the process, the entry disappears when its window
 * ends, and nothing of it is ever written to the database (the analytics promise: no IP stored).
 */
export class BurstLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  private readonly key = randomBytes(32);
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxClients = 50_000,
  ) {}

  /** Counts a hit; returns the seconds to wait when the client is over its limit, else 0. */
  hit(clientAddress: string, now = Date.now()): number {
    this.sweep(now);
    const id = createHmac('sha256', this.key).update(clientAddress).digest('base64url');
    const current = this.windows.get(id);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size >= this.maxClients) return 1; // under a flood: refuse new clients rather than grow
      this.windows.set(id, { start: now, hits: 1 });
      return 0;
    }
    current.hits += 1;
    return current.hits > this.limit ? Math.max(1, Math.ceil((current.start + this.windowMs - now) / 1000)) : 0;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(id);
  }
}
