#!/usr/bin/env node
// `npm run test:mutation` (issue #28, docs/mutation-testing.md): Stryker over the modules where a
// silent bug costs money or trust, one module at a time with the tests that guard it, niced, one
// test process. `npm run test:mutation -- --mutate server/src/sharing/share-links.ts` runs one.
// Scores are printed per module and written to reports/mutation/<module>/ (ignored by git, so a run
// leaves the tree clean); the incremental file there lets a re-run on the same machine test only the
// mutants whose code or tests changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Module → the test files that guard it (the dry run and every mutant run only these). */
export const MODULES = {
  'server/src/billing/credit-rules.ts': ['server/src/billing/credit-rules.test.ts'],
  'server/src/staging/credits.ts': ['server/src/staging/credits.test.ts'],
  'server/src/billing/plan-change-rule.ts': ['server/src/billing/plan-step.test.ts', 'server/src/billing/plan-change-rule.test.ts'],
  // planChangeDirection only (the rest of the file is zod schemas).
  'contract/billing.ts:91-98': ['server/src/billing/plan-step.test.ts'],
  'server/src/billing/plan-changes.ts': ['server/src/billing/plan-changes.test.ts'],
  // Start and complete (the whole service since its unused downgradeToFree was deleted).
  'server/src/billing/checkout-service.ts': ['server/src/billing/checkout-rules.test.ts', 'server/src/billing/checkout.test.ts'],
  // changePlan (decision 031 applied: upgrade now with proration, downgrade scheduled for the renewal).
  'server/src/billing/subscription-service.ts:127-161': ['server/src/billing/change-plan.test.ts', 'server/src/billing/billing-lifecycle.test.ts'],
  'server/src/account/deletion-service.ts': ['server/src/account/deletion-service.test.ts'],
  // The purge once the deletion date has passed: personal workspace's projects and files, never a team's (decision 046).
  'server/src/account/purge.ts': ['server/src/account/purge.test.ts', 'server/src/account/purge-workspaces.test.ts', 'server/src/account/purge-wiring.test.ts'],
  'server/src/workspaces/access.ts': ['server/src/workspaces/access.test.ts'],
  'server/src/sharing/share-links.ts': ['server/src/sharing/share-links.test.ts'],
  'server/src/staging/geometry-lock/structure/verdict.ts': ['server/src/staging/geometry-lock/structure/verdict.test.ts'],
  // Issue 36: replayed answers per workspace, conflicts, in-progress, freed keys, the 24-hour window.
  'server/src/public-api/idempotency.ts': ['server/src/public-api/idempotency.test.ts'],
  // Signing, delivering, retrying and giving up webhook deliveries; the delivery log; which deliveries a settled render queues, once.
  'server/src/public-api/webhooks.ts': ['server/src/public-api/webhooks.test.ts', 'server/src/public-api/render-webhooks.test.ts'],
  // Inviting, withdrawing and accepting (seats counted exactly, single-use links).
  'server/src/workspaces/invitations.ts': ['server/src/workspaces/invitations.test.ts'],
};

const args = process.argv.slice(2);
const chosen = [];
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--mutate' || args[i] === '-m') chosen.push(...args[++i].split(','));
  else rest.push(args[i]);
}
const targets = chosen.length ? chosen : Object.keys(MODULES);

const slug = (file) => file.replace(/^server\/src\//, '').replace(/\.ts(:\d+-\d+)?$/, '').replaceAll('/', '-');
const rows = [];
let failed = false;
for (const file of targets) {
  const tests = MODULES[file];
  if (!tests) {
    console.error(`${file}: not a mutation-tested module (scripts/mutation.mjs MODULES lists them)`);
    process.exit(2);
  }
  const dir = `reports/mutation/${slug(file)}`;
  console.log(`\n=== ${file} (tests: ${tests.join(', ')})`);
  const run = spawnSync('nice', ['-n', '10', 'npx', 'stryker', 'run', 'stryker.config.mjs', '--mutate', file, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_TESTS: tests.join(','), MUTATION_REPORT_DIR: dir },
  });
  if (run.status !== 0) failed = true;
  if (existsSync(`${dir}/mutation.json`)) rows.push({ file, ...score(JSON.parse(readFileSync(`${dir}/mutation.json`, 'utf8')), file) });
}

/** Counts per status and Stryker's score: detected / (valid mutants), no-coverage counting as survived. */
function score(report, file) {
  const counts = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  for (const mutant of report.files[file.replace(/:\d+-\d+$/, '')]?.mutants ?? []) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, score: valid ? (100 * detected) / valid : NaN };
}

console.log('\nmodule | killed | timeout | survived | no coverage | ignored | score');
for (const r of rows) {
  console.log(`${r.file} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.Ignored} | ${r.score.toFixed(1)} %`);
}
process.exit(failed ? 1 : 0);
