import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Vitest for mutation testing (scripts/mutation.mjs, stryker.config.mjs): the server project only,
 * with the test files that guard the module under mutation (MUTATION_TESTS, comma-separated), so
 * Stryker's dry run does not start the whole server suite on a 2-core machine.
 */
const files = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (!files.length) throw new Error('MUTATION_TESTS must name the test files (run through `npm run test:mutation`)');

export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      name: 'server',
      environment: 'node',
      include: files,
      globalSetup: ['server/test/support/global-setup.ts'],
      setupFiles: ['server/test/support/fail-on-console-error.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: 1,
    },
  }),
);
