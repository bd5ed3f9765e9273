import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeTailwindClasses } from './tailwind-class-merge';

/** Every class-looking token in the app's sources (string literals in .tsx/.ts files). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!./tailwind-class-merge.ts'], { eager: true, query: '?raw', import: 'default' });
const tokens = new Set<string>();
for (const source of Object.values(sources)) {
  for (const literal of source.match(/(['"`])(?:(?!\1)[^\\\n]|\\.)*\1/g) ?? []) {
    for (const token of literal.slice(1, -1).split(/\s+/)) {
      if (/^!?-?[a-z@[][\w\-[\]&>:/.%()+*,=#!]*$/.test(token) && /[-:]/.test(token)) tokens.add(token);
    }
  }
}
const byVariants = new Map<string, string[]>();
for (const token of tokens) {
  const variants = token.slice(0, token.lastIndexOf(':') + 1);
  byVariants.set(variants, [...(byVariants.get(variants) ?? []), token]);
}

describe('mergeTailwindClasses', () => {
  it('found the class names of the sources', () => {
    expect(tokens.size).toBeGreaterThan(500);
    expect(tokens).toContain('rounded-lg');
  });

  it('agrees with tailwind-merge on every ordered pair of classes the app uses (same variants)', () => {
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          const input = `${a} ${b}`;
          const expected = twMerge(input);
          if (mergeTailwindClasses(input) !== expected) differences.push(`"${input}" → ours "${mergeTailwindClasses(input)}", tailwind-merge "${expected}"`);
        }
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  }, 60_000);

  it('keeps what it does not know, and longhands after a shorthand', () => {
    expect(mergeTailwindClasses('my-widget p-4 pt-0 other')).toBe('my-widget p-4 pt-0 other');
    expect(mergeTailwindClasses('pt-0 p-4 hover:bg-accent hover:bg-muted')).toBe('p-4 hover:bg-muted');
    expect(mergeTailwindClasses('text-sm leading-tight text-base text-primary')).toBe('text-base text-primary');
  });
});
