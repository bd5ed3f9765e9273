import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { contractViolations } from './contract-routes';

// Lazily loaded pages can take more than the default second to arrive when the whole suite shares
// two cores: findBy* waits up to 5 s (a wait, not a timing assertion).
configure({ asyncUtilTimeout: 5000 });

// A mocked reply the server never sends (contract-routes.ts) fails the test that made it: the app
// may well have handled it quietly, as it handles a real error. Registered first, so it runs after
// the cleanup below (after-hooks run in reverse order) and a failure does not leak into the next test.
afterEach(() => {
  const found = contractViolations.splice(0);
  if (found.length) throw new Error(`mocked replies that break the contract:\n${[...new Set(found)].join('\n')}`);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
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
