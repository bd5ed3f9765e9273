/**
 * The load benchmark's yardstick for fairness: when would each user get their first image from a
 * perfectly fair queue? Users start staging at the given times, each submits `images` requests,
 * `pool` at a time (as the web app does); `slots` workers each take L per image; whenever a slot
 * frees it goes to the waiting user with the fewest images in work (then the earliest arrival).
 */
export function fairFirstImageTimes(starts: number[], options: { slots: number; latencyMs: number; pool: number; images: number }): number[] {
  const { slots, latencyMs, pool, images } = options;
  const users = starts.map((start) => ({ start, unsent: images, waiting: 0, working: 0, first: Number.NaN }));
  let finishing: Array<{ at: number; user: number }> = [];
  const arrivals = users.map((_, i) => i).sort((a, b) => users[a]!.start - users[b]!.start);
  let nextArrival = 0;
  let now = 0;
  const submit = (u: (typeof users)[number], count: number) => {
    const n = Math.min(count, u.unsent);
    u.unsent -= n;
    u.waiting += n;
  };
  while (nextArrival < arrivals.length || finishing.length || users.some((u) => u.waiting)) {
    const arrivalAt = nextArrival < arrivals.length ? users[arrivals[nextArrival]!]!.start : Infinity;
    const finishAt = finishing.length ? Math.min(...finishing.map((f) => f.at)) : Infinity;
    now = Math.min(arrivalAt, finishAt);
    if (now === Infinity) break;
    for (const done of finishing.filter((f) => f.at === now)) {
      const u = users[done.user]!;
      u.working -= 1;
      if (Number.isNaN(u.first)) u.first = now;
      submit(u, 1);
    }
    finishing = finishing.filter((f) => f.at !== now);
    while (nextArrival < arrivals.length && users[arrivals[nextArrival]!]!.start === now) submit(users[arrivals[nextArrival++]!]!, pool);
    while (finishing.length < slots) {
      let best = -1;
      users.forEach((u, i) => {
        if (!u.waiting) return;
        const b = users[best];
        if (!b || u.working < b.working || (u.working === b.working && u.start < b.start)) best = i;
      });
      if (best < 0) break;
      users[best]!.waiting -= 1;
      users[best]!.working += 1;
      finishing.push({ at: now + latencyMs, user: best });
    }
  }
  return users.map((u) => u.first);
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
