/**
 * `npm run bench -- load`: many users staging at once through the HTTP API, as the web app does it.
 * Each user (signed up and e-mail confirmed through the API beforehand) arrives within 10 s, reads
 * /api/config, creates a project, uploads 6 photos (PNG, 1024x768 as issue #37 measured; BENCH_LOAD_PHOTO=1600x1200) and stages them with
 * `POST /api/process-image`, `stagingConcurrency` at a time (the web app's run pool), then reads the
 * project. Engine: `fixed-latency` with L = FIXED_LATENCY_MS (default 5000). 10, 30 and 60 users, on
 * these layouts, each on a fresh embedded PostgreSQL:
 *   one:     one web process with in-process workers (WORKERS_IN_PROCESS=true);
 *   split:   2 web processes (WORKERS_IN_PROCESS=false; users alternate between them) + 2 workers,
 *            sharing one DATA_DIR (local storage on one machine);
 *   pinned1: one web process + one worker pinned to core 0 (`taskset`);
 *   pinned2: one web process + two workers pinned to cores 0 and 1 (scaling: pinned2 ÷ pinned1).
 * Before the users, each layout measures the server's CPU seconds per image (one user, three photos
 * staged one after another, every process's CPU time from /proc/<pid>/stat, utime + stime, threads
 * included) and derives capacity = min(slots × 60 ÷ L, cores × 60 ÷ CPU per image);
 * throughput is reported as a share of it, and each user's first image against the fair bound
 * 2·L + users × L ÷ slots + one image's CPU per user ahead (issue #27, decision 040). During the load it
 * also measures whether the process stays responsive (issue #37): each app process's own event-loop
 * delay (perf_hooks.monitorEventLoopDelay, preloaded by bench/lib/loop-probe.mjs: p50, p99, max) and
 * the latency of a light API request, `GET /api/projects` of a user who does not stage, every 100 ms.
 * The processes run the server compiled by tsc (as `npm start`), or with BENCH_SERVER=tsx the sources.
 * Switches: BENCH_LOAD_USERS=10,30 BENCH_LOAD_LAYOUTS=one BENCH_LOAD_SLOTS=3 (WORKER_CONCURRENCY of each
 * working process; default the server's) BENCH_SERVER=tsx (or =<build>/server/src/main.js).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../server/src/config.js';
import { renderSampleRoom } from '../server/src/staging/engines/sample-room.js';
import { HttpClient } from '../server/test/support/http-client.js';
import { startWeb, startWorker, stopAll, type ServerProcess } from '../server/test/support/process-kit.js';
import { fairFirstImageTimes, percentile } from './lib/fair-queue-model.js';
import { capacityPerMin, firstImageBoundMs } from './lib/load-capacity.js';
import { buildServer, freePort, mb, note, onCleanup, printLoad, processCpuMs, procStatusBytes, productionMallocEnv, report, sleep, startDatabase, tempDir } from './lib/harness.js';

const ARRIVAL_WINDOW_MS = 10_000;
const IMAGES_PER_USER = 6;
const PROBE_EVERY_MS = 100;
const LOOP_PROBE = new URL('./lib/loop-probe.mjs', import.meta.url).href;

type Layout = 'one' | 'split' | 'pinned1' | 'pinned2';

interface Cluster {
  layout: Layout;
  webs: Array<ServerProcess & { url: string }>;
  processes: ServerProcess[];
  /** Worker slots of the whole cluster (WORKER_CONCURRENCY × working processes). */
  slots: number;
  /** Cores the cluster's staging may use: the machine's, or the pinned workers' one each. */
  cores: number;
  databaseUrl: string;
}

interface UserRun {
  start: number;
  stagingStart: number;
  images: Array<{ sent: number; done: number; status: number }>;
  error?: string;
}

export interface LoadFigures {
  users: number;
  imagesPerMin: number;
  errors: number;
}

export default async function runLoadBench(): Promise<void> {
  const latencyMs = Number(process.env.FIXED_LATENCY_MS ?? 5000);
  const userCounts = (process.env.BENCH_LOAD_USERS ?? '10,30,60').split(',').map(Number);
  const layouts = (process.env.BENCH_LOAD_LAYOUTS ?? 'one,split').split(',') as Layout[];
  printLoad();
  const [photoW, photoH] = (process.env.BENCH_LOAD_PHOTO ?? '1024x768').split('x').map(Number) as [number, number];
  const photos = await Promise.all(Array.from({ length: IMAGES_PER_USER }, async (_, i) => sharp(await renderSampleRoom(i + 1, photoW, photoH)).png().toBuffer()));
  note(`photos: ${IMAGES_PER_USER} per user, PNG ${photoW}x${photoH}`);
  const choice = process.env.BENCH_SERVER ?? '';
  // BENCH_SERVER=<…/server/src/main.js>: an existing build (skips the compile, minutes on a busy machine).
  const build = choice === 'tsx' || choice.endsWith('.js') ? null : await buildServer();
  const main = build?.main ?? (choice.endsWith('.js') ? choice : null);
  const entries = main ? { web: main, worker: path.join(path.dirname(main), 'worker.js') } : { web: undefined, worker: undefined };
  const measured = new Map<string, LoadFigures>();
  try {
    for (const layout of layouts) {
      const database = await startDatabase();
      const cluster = await startCluster(layout, database.url, latencyMs, entries);
      try {
        const cpuMsPerImage = await measureCpuPerImage(cluster, photos);
        for (const users of userCounts) measured.set(`${layout}:${users}`, await runLoad(cluster, users, latencyMs, photos, cpuMsPerImage));
      } finally {
        await cluster.stop();
        await database.stop();
      }
    }
  } finally {
    await build?.remove();
  }
  const one = measured.get('one:60');
  const split = measured.get('split:60');
  if (one && split) {
    const ratio = split.imagesPerMin / one.imagesPerMin;
    report({
      figure: 'throughput at 60 users, 2 web + 2 worker processes',
      value: `${split.imagesPerMin.toFixed(1)} images/min`,
      comparison: 'one process at 60 users',
      comparisonValue: `${one.imagesPerMin.toFixed(1)} images/min`,
      ratio,
      target: '≥ 1.8×',
      pass: ratio >= 1.8,
    });
  }
  for (const users of userCounts) {
    const [one, two] = [measured.get(`pinned1:${users}`), measured.get(`pinned2:${users}`)];
    if (!one || !two) continue;
    const ratio = two.imagesPerMin / one.imagesPerMin;
    report({
      figure: `scaling at ${users} users: two workers pinned to a core each (taskset)`,
      value: `${two.imagesPerMin.toFixed(1)} images/min`,
      comparison: 'one worker pinned to one core',
      comparisonValue: `${one.imagesPerMin.toFixed(1)} images/min`,
      ratio,
      target: '≥ 1.7×',
      pass: ratio >= 1.7,
    });
  }
}

/**
 * The server's CPU seconds per image on this machine, measured before the users: one user uploads
 * three photos, then stages them one after another, and every server process's CPU time (user +
 * system of the whole process, threads included, /proc) over the staging is divided by the images.
 * Requests, the engine's rendering, lock and finishing are all in it; PostgreSQL is not.
 */
async function measureCpuPerImage(cluster: Cluster, photos: Buffer[]): Promise<number> {
  const client = await HttpClient.register(cluster.webs[0]!.url);
  await withClient(cluster.databaseUrl, (db) => db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [client.userId]));
  const projectId = await client.createProject('CPU per image');
  const objectPaths = [];
  for (const photo of photos.slice(0, 3)) objectPaths.push(await client.upload(photo));
  const before = cluster.processes.map((p) => processCpuMs(p.pid));
  let images = 0;
  for (const imageURL of objectPaths) {
    const res = await client.processImage({ imageURL, projectId });
    if (res.status === 200) images++;
    else note(`(while measuring: process-image ${res.status} ${JSON.stringify(res.body)}; server errors: ${[...new Set(takeServerErrors(cluster))].slice(0, 3).join(' | ')})`);
  }
  const cpuMs = cluster.processes.reduce((n, p, i) => n + processCpuMs(p.pid) - before[i]!, 0);
  if (images === 0) throw new Error(`measuring the CPU per image failed: no image; server errors: ${[...new Set(takeServerErrors(cluster))].slice(0, 3).join(' | ')}`);
  const perImage = cpuMs / images;
  note(`server CPU per image, measured first (1 user, ${images} photos staged one after another, all processes): ${(perImage / 1000).toFixed(2)} s`);
  return perImage;
}

/** The error lines the cluster's processes logged since the last call (they are taken from the logs). */
function takeServerErrors(cluster: Cluster): string[] {
  return cluster.processes.flatMap((p) =>
    p.logs.splice(0).filter((l) => l.level >= 50).map((l) => `${p.kind}: ${l.msg}: ${String((l.err as { message?: string } | undefined)?.message ?? '')}`),
  );
}

async function startCluster(layout: Layout, databaseUrl: string, latencyMs: number, entries: { web?: string; worker?: string }) {
  const dataDir = tempDir('raumwerk-bench-load-');
  const env: Record<string, string> = {
    // Not 'production': that refuses the fixed-latency test engine (config.ts); NODE_ENV changes nothing else measured here.
    NODE_ENV: 'test',
    ...productionMallocEnv(),
    // Each process reports its own event-loop delay on SIGUSR2 (bench/lib/loop-probe.mjs).
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${LOOP_PROBE}`.trim(),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    STAGING_ENGINE: 'fixed-latency',
    FIXED_LATENCY_MS: String(latencyMs),
    // Every simulated user signs up from 127.0.0.1.
    REGISTER_LIMIT_PER_HOUR: '100000',
    ...(process.env.BENCH_LOAD_SLOTS ? { WORKER_CONCURRENCY: process.env.BENCH_LOAD_SLOTS } : {}),
  };
  const webCount = layout === 'split' ? 2 : 1;
  const workerCount = { one: 0, split: 2, pinned1: 1, pinned2: 2 }[layout];
  const pinned = layout.startsWith('pinned');
  const ports = await Promise.all(Array.from({ length: webCount }, () => freePort()));
  const webEnv = (port: number) => ({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WORKERS_IN_PROCESS: String(layout === 'one') });
  const started: ServerProcess[] = [];
  const stop = onCleanup(async () => {
    await stopAll(started);
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const webs = await Promise.all(ports.map((port) => startWeb(webEnv(port), 120_000, entries.web).then((w) => (started.push(w), w))));
    const workers = await Promise.all(
      Array.from({ length: workerCount }, (_, core) =>
        startWorker(env, 120_000, entries.worker).then((w) => {
          started.push(w);
          // Every thread of the worker (libvips', libuv's, later ones inherit it) on its own core.
          if (pinned) execFileSync('taskset', ['-a', '-c', '-p', String(core), String(w.pid)], { stdio: 'ignore' });
          return w;
        }),
      ),
    );
    const perProcess = loadConfig({ ...env, DATA_DIR: dataDir }).WORKER_CONCURRENCY;
    const slots = perProcess * (layout === 'one' ? 1 : workers.length);
    const cores = pinned ? workerCount : os.cpus().length;
    note(`${layout}: ${webs.length} web + ${workers.length} worker processes${pinned ? ' (workers pinned, one core each; the web process is not)' : ''}, WORKER_CONCURRENCY=${perProcess} (${slots} slots), L = ${latencyMs} ms, ${cores} cores for capacity`);
    return { layout, webs, processes: [...webs, ...workers], slots, cores, databaseUrl, stop } satisfies Cluster & { stop(): Promise<void> };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function runLoad(cluster: Cluster, userCount: number, latencyMs: number, photos: Buffer[], cpuMsPerImage: number): Promise<LoadFigures> {
  // Accounts first (not measured): sign-up through the API; the address is confirmed in the database
  // (confirming through the mailed link from one address runs into verify-email's per-IP limit).
  const clients: HttpClient[] = [];
  for (let i = 0; i < userCount; i += 4) {
    const batch = Array.from({ length: Math.min(4, userCount - i) }, (_, k) => HttpClient.register(cluster.webs[(i + k) % cluster.webs.length]!.url));
    clients.push(...(await Promise.all(batch)));
  }
  // A user who only looks: their project list is the light request measured during the load.
  const looker = await HttpClient.register(cluster.webs[0]!.url);
  await withClient(cluster.databaseUrl, (db) => db.query(`UPDATE users SET email_verified_at = now() WHERE id = ANY($1::uuid[])`, [[...clients, looker].map((c) => c.userId)]));
  await looker.createProject('Just looking');
  const monitor = startMonitor(cluster, looker);
  const t0 = performance.now();
  const runs = await Promise.all(clients.map((client, i) => simulateUser(client, t0 + (i * ARRIVAL_WINDOW_MS) / userCount, photos)));
  const peaks = await monitor.stop();

  const ok = runs.flatMap((r) => r.images.filter((i) => i.status === 200));
  // Non-200 answers, and failures before staging (a failed answer also ends its user's run: not counted twice).
  const errors = runs.reduce((n, r) => {
    const failed = r.images.filter((i) => i.status !== 200).length;
    return n + failed + (r.error && !failed ? 1 : 0);
  }, 0);
  const firstSent = Math.min(...runs.map((r) => r.stagingStart));
  const lastDone = Math.max(...ok.map((i) => i.done));
  const imagesPerMin = (ok.length / (lastDone - firstSent)) * 60_000;
  const { capacity, slotBound, cpuBound, limitedBy } = capacityPerMin({ slots: cluster.slots, latencyMs, cores: cluster.cores, cpuMsPerImage });
  const timeline = await runTimeline(cluster.databaseUrl, clients.map((c) => c.userId));
  const wallOver = ok.map((i) => i.done - i.sent - latencyMs);
  const serviceOver = timeline.map((t) => t.service - latencyMs);
  // Users with an image (a user whose first request failed has none).
  const served = runs.filter((r) => r.images.some((i) => i.status === 200));
  const doneOf = (r: UserRun) => r.images.filter((i) => i.status === 200).map((i) => i.done);
  const firsts = served.map((r) => Math.min(...doneOf(r)) - r.start);
  const lasts = served.map((r) => Math.max(...doneOf(r)) - r.start);
  const pool = Number((await (await fetch(`${cluster.webs[0]!.url}/api/config`)).json()).stagingConcurrency);
  const fair = fairFirstImageTimes(runs.map((r) => r.stagingStart), { slots: cluster.slots, latencyMs, pool, images: IMAGES_PER_USER });
  const behindFair = runs.map((r, i) => (r.images.some((x) => x.status === 200) ? Math.min(...doneOf(r)) - fair[i]! : Infinity));
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  // The same model with the slot time measured (on a busy machine far above L): fairness apart from speed.
  const slotTime = percentile(timeline.map((t) => t.service), 50);
  const fairAtSlotTime = fairFirstImageTimes(runs.map((r) => r.stagingStart), { slots: cluster.slots, latencyMs: slotTime, pool, images: IMAGES_PER_USER });
  const behindFairAtSlotTime = Math.max(...runs.map((r, i) => (r.images.some((x) => x.status === 200) ? Math.min(...doneOf(r)) - fairAtSlotTime[i]! : Infinity)));
  // Issue #27's bound, per user from their first process-image: users ahead = those who started staging before.
  const againstBound = runs.map((r) => {
    const bound = firstImageBoundMs({ latencyMs, users: userCount, slots: cluster.slots, usersAhead: runs.filter((o) => o.stagingStart < r.stagingStart).length, cpuMsPerImage });
    const first = r.images.some((x) => x.status === 200) ? Math.min(...doneOf(r)) - r.stagingStart : Infinity;
    return { first, bound };
  });
  const worstAgainstBound = againstBound.reduce((w, b) => (b.first / b.bound > w.first / w.bound ? b : w));
  const withinBound = againstBound.filter((b) => b.first <= b.bound).length;

  console.log(`\n### ${cluster.layout}, ${userCount} users`);
  note(`${ok.length} images in ${s(lastDone - firstSent)} (first process-image to last answer); run pool ${pool} per user`);
  note(`per image, answer − L: p50 ${s(percentile(wallOver, 50))}, p95 ${s(percentile(wallOver, 95))} (includes the wait for a slot: queue p50 ${s(percentile(timeline.map((t) => t.queued), 50))}, p95 ${s(percentile(timeline.map((t) => t.queued), 95))})`);
  note(`per user, arrival → first image: min ${s(Math.min(...firsts))}, median ${s(percentile(firsts, 50))}, max ${s(Math.max(...firsts))} (min/max ${(Math.min(...firsts) / Math.max(...firsts)).toFixed(2)}); → last image: min ${s(Math.min(...lasts))}, max ${s(Math.max(...lasts))} (min/max ${(Math.min(...lasts) / Math.max(...lasts)).toFixed(2)})`);
  note(`worst user's first image behind a perfectly fair queue whose slots take the measured median slot time (${s(slotTime)}) instead of L: ${s(behindFairAtSlotTime)} (${(behindFairAtSlotTime / slotTime).toFixed(2)} slot times)`);
  // CPU time is much less sensitive to a busy machine than wall time: it bounds what the cores can stage.
  const cpuPerImage = peaks.cpuMs.reduce((n, c) => n + c.ms, 0) / Math.max(1, ok.length);
  note(`server CPU per image under this load (all processes): ${Math.round(cpuPerImage)} ms (${peaks.cpuMs.map((c) => `${c.kind} ${(c.ms / 1000).toFixed(1)} s`).join(', ')}); measured first: ${Math.round(cpuMsPerImage)} ms`);
  note(`capacity = min(slots × 60 ÷ L = ${slotBound.toFixed(1)}, ${cluster.cores} cores × 60 ÷ ${(cpuMsPerImage / 1000).toFixed(2)} s = ${cpuBound.toFixed(1)}) = ${capacity.toFixed(1)} images/min (limited by ${limitedBy})`);
  note(`first image from the user's first process-image against the bound 2·L + users·L÷slots + CPU of one image per user ahead: ${withinBound}/${runs.length} users within; worst ${s(worstAgainstBound.first)} against ${s(worstAgainstBound.bound)}`);
  note(`peak RSS: ${peaks.rss.map((r) => `${r.kind} ${mb(r.bytes)}`).join(', ')}; peak PostgreSQL connections ${peaks.connections}; errors ${errors}${runs.find((r) => r.error)?.error ? ` (first: ${runs.find((r) => r.error)!.error})` : ''}`);
  for (const loop of peaks.loops) note(`event-loop delay, ${loop.kind} ${loop.pid}: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms (${loop.samples} samples)`);
  const light = peaks.light;
  note(`GET /api/projects every ${PROBE_EVERY_MS} ms during the load: ${light.length} answered (${light.filter((l) => l.status !== 200).length} not 200), p50 ${Math.round(percentile(light.map((l) => l.ms), 50))} ms, p99 ${Math.round(percentile(light.map((l) => l.ms), 99))} ms, max ${Math.round(Math.max(...light.map((l) => l.ms)))} ms`);
  const serverErrors = takeServerErrors(cluster);
  if (serverErrors.length) note(`server errors (${serverErrors.length}): ${[...new Set(serverErrors)].slice(0, 3).join(' | ')}`);
  report({
    figure: `${cluster.layout}, ${userCount} users: throughput`,
    value: `${imagesPerMin.toFixed(1)} images/min`,
    comparison: `measured capacity (${cluster.slots} slots, ${cluster.cores} cores)`,
    comparisonValue: `${capacity.toFixed(1)} images/min`,
    ratio: imagesPerMin / capacity,
    target: '≥ 0.85×',
    pass: imagesPerMin >= 0.85 * capacity,
  });
  report({
    figure: `${cluster.layout}, ${userCount} users: worst user's first image against the fair bound`,
    value: s(worstAgainstBound.first),
    comparison: 'that user\'s bound',
    comparisonValue: s(worstAgainstBound.bound),
    ratio: worstAgainstBound.first / worstAgainstBound.bound,
    target: 'every user ≤ 1×',
    pass: withinBound === runs.length,
  });
  report({
    figure: `${cluster.layout}, ${userCount} users: slot time − L per image (job start → run settled), p95`,
    value: s(percentile(serviceOver, 95)),
    comparison: 'L',
    comparisonValue: s(latencyMs),
    ratio: percentile(serviceOver, 95) / latencyMs,
    target: 'context',
    pass: percentile(serviceOver, 95) <= 0.15 * latencyMs,
  });
  report({
    figure: `${cluster.layout}, ${userCount} users: worst user's first image behind a perfectly fair queue`,
    value: s(Math.max(...behindFair)),
    comparison: '2·L',
    comparisonValue: s(2 * latencyMs),
    ratio: Math.max(...behindFair) / (2 * latencyMs),
    target: 'context',
    pass: Math.max(...behindFair) <= 2 * latencyMs,
  });
  for (const loop of peaks.loops) {
    report({
      figure: `${cluster.layout}, ${userCount} users: event-loop delay of ${loop.kind} ${loop.pid}, p99 / max`,
      value: `${loop.p99} ms / ${loop.max} ms`,
      comparison: 'issue #37',
      comparisonValue: '50 ms / 200 ms',
      ratio: loop.p99 / 50,
      target: 'p99 ≤ 50 ms, max ≤ 200 ms',
      pass: loop.p99 <= 50 && loop.max <= 200,
    });
  }
  const lightP99 = percentile(light.map((l) => l.ms), 99);
  report({
    figure: `${cluster.layout}, ${userCount} users: GET /api/projects every ${PROBE_EVERY_MS} ms during the load, p99`,
    value: `${Math.round(lightP99)} ms`,
    comparison: 'issue #37',
    comparisonValue: '150 ms',
    ratio: lightP99 / 150,
    target: '≤ 150 ms, all 200',
    pass: lightP99 <= 150 && light.every((l) => l.status === 200),
  });
  // Per process, worker threads included (VmHWM is the whole process's): issue #37.
  const rssLimit = 450 * 2 ** 20;
  report({
    figure: `${cluster.layout}, ${userCount} users: errors, largest peak RSS`,
    value: `${errors} errors, ${mb(Math.max(...peaks.rss.map((r) => r.bytes)))}`,
    comparison: 'no errors, 450 MB',
    comparisonValue: '0, 450 MB',
    ratio: null,
    target: '0 errors, ≤ 450 MB per process',
    pass: errors === 0 && peaks.rss.every((r) => r.bytes <= rssLimit),
  });
  if (process.env.BENCH_DEBUG) {
    const file = path.join(tempDir('raumwerk-bench-load-out-'), 'runs.json');
    writeFileSync(file, JSON.stringify({ runs, timeline }));
    note(`timings of every request: ${file}`);
  }
  return { users: userCount, imagesPerMin, errors };
}

/** One user as the web app drives it (web/src/features/staging/staging-run.ts). */
async function simulateUser(client: HttpClient, startAt: number, photos: Buffer[]): Promise<UserRun> {
  await sleep(Math.max(0, startAt - performance.now()));
  const run: UserRun = { start: performance.now(), stagingStart: Number.NaN, images: [] };
  try {
    const config = await client.get('/api/config');
    const pool = Number((config.body as { stagingConcurrency: number }).stagingConcurrency);
    const projectId = await client.createProject(`Load ${randomBytes(3).toString('hex')}`);
    const objectPaths = await runPool(photos, pool, (photo) => client.upload(photo));
    run.stagingStart = performance.now();
    await runPool(objectPaths, pool, async (imageURL) => {
      const sent = performance.now();
      const res = await client.processImage({ imageURL, projectId });
      run.images.push({ sent, done: performance.now(), status: res.status });
      if (res.status !== 200) throw new Error(`process-image ${res.status}: ${JSON.stringify(res.body)}`);
    });
    await client.get(`/api/projects/${projectId}`);
  } catch (err) {
    run.error = String(err);
    if (Number.isNaN(run.stagingStart)) run.stagingStart = performance.now();
  }
  return run;
}

/** The web app's run pool: at most `limit` at a time, in order. */
async function runPool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

/** Per run of these users, from the database: wait for a slot and time in the slot, ms. */
async function runTimeline(databaseUrl: string, userIds: string[]) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT EXTRACT(EPOCH FROM j.started_on - r.created_at) * 1000 AS queued, EXTRACT(EPOCH FROM r.finished_at - j.started_on) * 1000 AS service
       FROM staging_runs r JOIN pgboss.job j ON j.id::text = r.job_id WHERE r.user_id = ANY($1::uuid[]) AND r.state = 'charged'`,
      [userIds],
    );
    return rows.map((r) => ({ queued: Number(r.queued), service: Number(r.service) }));
  });
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * During the load: peak RSS of each process (VmHWM, reset at the start), peak connections in
 * pg_stat_activity (sampled every 250 ms), each process's event-loop delay (its loop probe, reset at the
 * start and read at the end through SIGUSR2) and `looker`'s project list every PROBE_EVERY_MS.
 */
function startMonitor(cluster: Cluster, looker: HttpClient) {
  for (const p of cluster.processes) writeFileSync(`/proc/${p.pid}/clear_refs`, '5');
  for (const p of cluster.processes) p.child.kill('SIGUSR2');
  const cpuAtStart = cluster.processes.map((p) => processCpuMs(p.pid));
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  let connections = 0;
  let stopped = false;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      connections = Math.max(connections, rows[0].n);
      await sleep(250);
    }
    await client.end();
  })();
  const light: Array<{ ms: number; status: number }> = [];
  const looking = (async () => {
    while (!stopped) {
      const sent = performance.now();
      const { status } = await looker.get('/api/projects');
      light.push({ ms: performance.now() - sent, status });
      await sleep(Math.max(0, PROBE_EVERY_MS - (performance.now() - sent)));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await Promise.all([sampling, looking]);
      const loops = await Promise.all(cluster.processes.map((p) => loopDelay(p)));
      return {
        connections,
        light,
        loops,
        rss: cluster.processes.map((p) => ({ kind: p.kind, bytes: procStatusBytes(p.pid, 'VmHWM') })),
        cpuMs: cluster.processes.map((p, i) => ({ kind: p.kind, ms: processCpuMs(p.pid) - cpuAtStart[i]! })),
      };
    },
  };
}

/** The process's event-loop delay since the last SIGUSR2 (its probe answers with a log line). */
async function loopDelay(p: ServerProcess) {
  const before = p.logs.length;
  p.child.kill('SIGUSR2');
  const line = await p.waitForLog((l) => l.msg === 'event loop delay' && p.logs.indexOf(l) >= before, 10_000);
  return { kind: p.kind, pid: p.pid, p50: Number(line.p50), p99: Number(line.p99), max: Number(line.max), samples: Number(line.samples) };
}
