import '@testing-library/jest-dom/vitest';
import { twMerge } from 'tailwind-merge';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazily loaded pages can take more than the default second to arrive when the whole suite shares
// two cores: findBy* waits up to 5 s (a wait, not a timing assertion).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Our Tailwind class merge (lib/tailwind-class-merge.ts) must agree with tailwind-merge on every
// class list the components build while the tests run; a disagreement fails the test that made it.
const classMergeMismatches: string[] = [];
globalThis.verifyClassMerge = (input, output) => {
  const expected = twMerge(input);
  if (expected !== output) classMergeMismatches.push(`cn("${input}")\n  ours: "${output}"\n  tailwind-merge: "${expected}"`);
};
afterEach(() => {
  const found = classMergeMismatches.splice(0);
  if (found.length) throw new Error(`class merge differs from tailwind-merge:\n${[...new Set(found)].join('\n')}`);
});

// CONVENTIONS: a console.error during a test is a failure, as in the server suite
// (server/test/support/fail-on-console-error.ts): React's act() and key warnings, failed
// prop types and errors an error boundary caught all arrive here.
const consoleErrors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
});
afterEach(() => {
  const found = consoleErrors.splice(0);
  if (found.length) throw new Error(`console.error was called during the test:\n${found.map((a) => a.map(String).join(' ')).join('\n')}`);
});
