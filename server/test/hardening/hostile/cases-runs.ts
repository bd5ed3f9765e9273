import { eq } from 'drizzle-orm';
import { stagingRuns } from '../../../src/db/schema/projects.js';
import { call, type HostileCase } from './case.js';
import type { World } from './world.js';

/** A's staging run (from the world's staged image): what B must not be able to follow. */
async function victimRunId(w: World): Promise<string> {
  const [run] = await w.app.db.select({ id: stagingRuns.id }).from(stagingRuns).where(eq(stagingRuns.userId, w.a.id)).limit(1);
  return run!.id;
}

/** GET /api/staging-runs/:id/events (decision 022) and the paged project list. */
export const runCases: HostileCase[] = [
  { name: "events: B follows A's run", route: 'GET /api/staging-runs/:id/events', request: async (w) => call('GET', `/api/staging-runs/${await victimRunId(w)}/events`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'events: without a session', route: 'GET /api/staging-runs/:id/events', request: async (w) => call('GET', `/api/staging-runs/${await victimRunId(w)}/events`, null), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'events: a traversal as run id', route: 'GET /api/staging-runs/:id/events', request: (w) => call('GET', '/api/staging-runs/..%2F..%2Fetc%2Fpasswd/events', w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'events: an 80-character run id', route: 'GET /api/staging-runs/:id/events', request: (w) => call('GET', `/api/staging-runs/${'a'.repeat(80)}/events`, w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'active runs: without a session', route: 'GET /api/staging-runs', request: () => call('GET', '/api/staging-runs?active=1', null), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'active runs: another filter than active', route: 'GET /api/staging-runs', request: (w) => call('GET', "/api/staging-runs?active=' OR 1=1 --", w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'project pages: a forged cursor', route: 'GET /api/projects', request: (w) => call('GET', '/api/projects?limit=5&cursor=WyIxOTcwIiwiJyBPUiAxPTEgLS0iXQ', w.b.cookie), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'project pages: a NUL as the cursor', route: 'GET /api/projects', request: (w) => call('GET', '/api/projects?limit=5&cursor=%00', w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'project pages: a NUL inside the encoded cursor never reaches PostgreSQL',
    route: 'GET /api/projects',
    request: (w) => call('GET', `/api/projects?limit=5&cursor=${Buffer.from(JSON.stringify(['2026-01-01 10:00:00+00\u0000', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`, w.b.cookie),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  { name: 'project pages: a limit of a million', route: 'GET /api/projects', request: (w) => call('GET', '/api/projects?limit=1000000', w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
];
