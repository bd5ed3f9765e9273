// Mutation testing (issue #28, docs/mutation-testing.md). Run through `npm run test:mutation`
// (scripts/mutation.mjs), which picks the module, its guarding tests and its incremental file.
const dir = process.env.MUTATION_REPORT_DIR ?? 'reports/mutation/adhoc';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // A 2-core machine shared with other work: one test process.
  concurrency: 1,
  // Added to the dry run's time per mutant: a mutant looping forever costs this much, not minutes.
  timeoutMS: 8_000,
  timeoutFactor: 2,
  ignoreStatic: true,
  incremental: true,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['e2e/.output', 'bench/.output', 'reports', 'dist', 'coverage', '.data'],
  cleanTempDir: 'always',
  incrementalFile: `${dir}/incremental.json`,
  jsonReporter: { fileName: `${dir}/mutation.json` },
  htmlReporter: { fileName: `${dir}/mutation.html` },
};
