/**
 * Billing period arithmetic as Stripe does it: periods are counted from the billing cycle anchor,
 * and a monthly anchor on the 31st bills on the last day of shorter months (then back to the 31st).
 */

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

/** The `index`-th period boundary after `anchor` (unix seconds). */
export function periodBoundary(
  anchor: number,
  interval: RecurringInterval,
  intervalCount: number,
  index: number,
): number {
  if (interval === 'day') return anchor + index * intervalCount * 86_400;
  if (interval === 'week') return anchor + index * intervalCount * 7 * 86_400;
  const months = index * intervalCount * (interval === 'year' ? 12 : 1);
  const start = new Date(anchor * 1000);
  const totalMonths = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(totalMonths / 12);
  const month = ((totalMonths % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return (
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) /
    1000
  );
}

/** End of the period that starts at `periodStart`, which must itself be a boundary of `anchor`. */
export function periodEndAfter(
  anchor: number,
  periodStart: number,
  interval: RecurringInterval,
  intervalCount: number,
): number {
  let index = 0;
  while (periodBoundary(anchor, interval, intervalCount, index) < periodStart) index++;
  return periodBoundary(anchor, interval, intervalCount, index + 1);
}
