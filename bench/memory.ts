/**
 * `npm run bench -- memory`: peak resident memory of the server process while it stages six 12 MP
 * JPEG photos at once through the real HTTP API, target ≤ 400 MB.
 *
 * The server is server/src/main.ts itself, compiled as `npm run build:server` does (tsc, into a temp
 * dir under .tmp/) and started as `node <dir>/server/src/main.js` like `npm start` (tsx would add
 * ~60 MB of RSS: BENCH_SERVER=tsx runs it that way; BENCH_SERVER=<path/to/main.js> uses an existing
 * build such as dist/server/src/main.js), with NODE_ENV=production, the offline engine,
 * in-process job workers (WORKERS_IN_PROCESS=true, WORKER_CONCURRENCY default) and DATABASE_URL
 * pointing at an embedded PostgreSQL in a temp dir. The user is on the pro plan, so results are
 * full resolution (up to 3840 px) without the free plan's 1280x720 cap: the memory worst case.
 * Six photos (4000x3000, rendered by renderSampleRoom) go through upload URL → PUT → process-image,
 * all six pipelines at the same time (more than the web app's 3 at a time: a second user staging
 * concurrently looks the same to the server).
 *
 * The peak is VmHWM of /proc/<pid>/status, reset after start-up with `echo 5 > /proc/<pid>/clear_refs`
 * so it covers only the staging; VmRSS is also sampled every 50 ms as a cross-check. The comparison
 * figure is the idle server's RSS after start-up. BENCH_DEBUG=1 prints the RSS timeline (every 0.5 s);
 * The server gets the production image's MALLOC_ARENA_MAX (read from the Dockerfile, decision 020).
 * BENCH_SERVER_ENV='MALLOC_ARENA_MAX=16 ...' adds or overrides variables of the server's environment
 * (experiments).
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { renderSampleRoom } from '../server/src/staging/engines/sample-room.js';
import {
  buildServer,
  debug,
  mb,
  note,
  printLoad,
  procStatusBytes,
  productionMallocEnv,
  report,
  signUp,
  sleep,
  startDatabase,
  startServer,
} from './lib/harness.js';

const PHOTOS = 6;
const TARGET_BYTES = 400 * 2 ** 20;

export default async function runMemoryBench(): Promise<void> {
  printLoad();
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, (_, i) => renderSampleRoom(i + 1, 4000, 3000)),
  );
  const choice = process.env.BENCH_SERVER ?? '';
  const useTsx = choice === 'tsx';
  const build = useTsx || choice.endsWith('.js') ? null : await buildServer();
  const entry = build?.main ?? (useTsx ? 'server/src/main.ts' : choice);
  const database = await startDatabase();
  try {
    const extraEnv = Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => [kv.split('=')[0]!, kv.slice(kv.indexOf('=') + 1)]),
    );
    const server = await startServer(entry, {
      DATABASE_URL: database.url,
      STAGING_ENGINE: 'offline',
      WORKERS_IN_PROCESS: 'true',
      ...productionMallocEnv(),
      ...extraEnv,
    });
    try {
      const base = server.baseUrl;
      const { cookie, userId } = await signUp(base);
      await onProPlan(database.url, userId);
      const headers = { cookie, origin: base };
      const created = await fetch(`${base}/api/projects`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Memory bench' }),
      });
      if (created.status !== 201)
        throw new Error(`project creation failed: ${created.status} ${await created.text()}`);
      const projectId = ((await created.json()) as { id: string }).id;

      await sleep(2000); // let start-up garbage settle
      const idle = procStatusBytes(server.pid, 'VmRSS');
      const resetOk = resetPeak(server.pid);
      const started = performance.now();
      let sampledPeak = idle;
      let uploaded = 0;
      let staged = 0;
      const timeline: string[] = [];
      const sampler = setInterval(() => {
        try {
          const rss = procStatusBytes(server.pid, 'VmRSS');
          sampledPeak = Math.max(sampledPeak, rss);
          if (debug && timeline.length < 10_000)
            timeline.push(
              `${((performance.now() - started) / 1000).toFixed(2)} s ${mb(rss)} uploaded ${uploaded} staged ${staged}`,
            );
        } catch {
          // the process is gone; the error surfaces below
        }
      }, 50);

      const outcomes = await Promise.all(
        photos.map(async (photo) => {
          const issued = await fetch(`${base}/api/objects/upload`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: '{}',
          });
          if (!issued.ok) throw new Error(`upload URL: ${issued.status} ${await issued.text()}`);
          const { uploadURL, objectPath } = (await issued.json()) as {
            uploadURL: string;
            objectPath: string;
          };
          const put = await fetch(new URL(uploadURL, base), {
            method: 'PUT',
            headers: { 'content-type': 'image/jpeg' },
            body: new Blob([new Uint8Array(photo)]),
          });
          if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
          uploaded += 1;
          const stagedRes = await fetch(`${base}/api/process-image`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              imageURL: objectPath,
              projectId,
              category: 'virtual_staging',
              styleName: 'Modern Staging',
              isRegeneration: false,
            }),
          });
          const body = (await stagedRes.json()) as { success: boolean; error?: string };
          staged += 1;
          return stagedRes.ok && body.success ? null : `${stagedRes.status} ${body.error ?? ''}`;
        }),
      );
      const wall = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (debug) console.log(timeline.filter((_, i) => i % 10 === 0).join('\n'));
      const failures = outcomes.filter((o) => o !== null);
      if (failures.length)
        throw new Error(
          `staging failed for ${failures.length} of ${PHOTOS} photos: ${failures.join('; ')}`,
        );

      const peak = resetOk ? procStatusBytes(server.pid, 'VmHWM') : sampledPeak;
      note(
        `server: node ${useTsx ? '--import tsx ' : ''}${entry} (NODE_ENV=production, offline engine, in-process workers, pid ${server.pid}); ` +
          `${PHOTOS} × 4000x3000 JPEG (${(photos.reduce((n, p) => n + p.length, 0) / PHOTOS / 1e6).toFixed(1)} MB each) staged at once in ${wall.toFixed(1)} s; ` +
          `peak from ${resetOk ? 'VmHWM (reset after start-up)' : 'VmRSS sampled every 50 ms (clear_refs not allowed)'}, sampled VmRSS max ${mb(sampledPeak)}`,
      );
      report({
        figure: `peak RSS of the server staging ${PHOTOS}×12 MP photos concurrently (pro plan, full resolution)`,
        value: mb(peak),
        comparison: 'the idle server after start-up',
        comparisonValue: mb(idle),
        ratio: peak / idle,
        target: '≤ 400 MB',
        pass: peak <= TARGET_BYTES,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
    await build?.remove();
  }
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0); false when not permitted. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A Pro user whose address is confirmed (staging needs a confirmed address). */
async function onProPlan(url: string, userId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE users SET subscription_plan = 'pro', credits_limit = 200, email_verified_at = now() WHERE id = $1`,
      [userId],
    );
  } finally {
    await client.end();
  }
}
