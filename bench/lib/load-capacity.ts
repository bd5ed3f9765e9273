/**
 * What the load benchmark measures its figures against (issue #27, decision 040): the machine's
 * capacity from the server's own CPU cost per image, and the first-image bound of a fair server.
 */

/** capacity = min(slots × 60 ÷ L, cores × 60 ÷ CPU per image), images per minute. */
export function capacityPerMin(options: { slots: number; latencyMs: number; cores: number; cpuMsPerImage: number }) {
  const slotBound = (options.slots * 60_000) / options.latencyMs;
  const cpuBound = (options.cores * 60_000) / options.cpuMsPerImage;
  return { slotBound, cpuBound, capacity: Math.min(slotBound, cpuBound), limitedBy: cpuBound < slotBound ? 'CPU' : 'slots' };
}

/**
 * The latest a fair server delivers a user's first image, counted from the user's first request:
 * 2·L + (users × L ÷ slots) + the CPU time of one image for each user who started before.
 */
export function firstImageBoundMs(options: { latencyMs: number; users: number; slots: number; usersAhead: number; cpuMsPerImage: number }): number {
  const { latencyMs, users, slots, usersAhead, cpuMsPerImage } = options;
  return 2 * latencyMs + (users * latencyMs) / slots + usersAhead * cpuMsPerImage;
}
