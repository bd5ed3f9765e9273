import { describe, expect, it } from 'vitest';
import { periodBoundary, periodEndAfter } from './billing-periods.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('billing periods', () => {
  it('bills a month-end anchor on the last day of shorter months, then returns to the 31st', () => {
    const anchor = at('2027-01-31T10:00:00Z');
    expect(iso(periodBoundary(anchor, 'month', 1, 1))).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'month', 1, 2))).toBe('2027-03-31T10:00:00.000Z');
    expect(iso(periodEndAfter(anchor, at('2027-02-28T10:00:00Z'), 'month', 1))).toBe(
      '2027-03-31T10:00:00.000Z',
    );
  });

  it('handles years (leap day), weeks and interval counts', () => {
    expect(iso(periodBoundary(at('2028-02-29T00:00:00Z'), 'year', 1, 1))).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(iso(periodBoundary(at('2027-01-01T00:00:00Z'), 'week', 2, 1))).toBe(
      '2027-01-15T00:00:00.000Z',
    );
    expect(iso(periodBoundary(at('2027-11-15T00:00:00Z'), 'month', 3, 1))).toBe(
      '2028-02-15T00:00:00.000Z',
    );
  });
});
