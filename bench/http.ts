/**
 * `npm run bench -- http`: throughput and latency of two hot API reads, each compared with a bare
 * Fastify route that runs the same SQL on the same pg pool in the same process.
 *   1. GET /api/projects for a user with 50 projects (1 original + 1 staged image row each):
 *      req/s at 50 connections (autocannon, 10 s after a 3 s warm-up): target ≥ 0.6× bare;
 *      p99 latency: target ≤ 25 ms.
 *   2. GET /api/auth/user: req/s, target ≥ 0.6× bare.
 * The app runs as `npm start` runs it (bench/lib/server-host.ts: startRuntime, in-process job
 * workers, NODE_ENV=production) in a child process, with the pino logger at LOG_LEVEL=info — the
 * default, one line per request — writing to /dev/null; autocannon runs in
 * this process. BENCH_LOG_LEVEL=warn measures a quieter logger; BENCH_HTTP_ROUNDS=n alternates
 * app/bare n times and reports medians; BENCH_DEBUG=1 prints EXPLAIN ANALYZE of the queries.
 * Everything runs on an embedded PostgreSQL in a temp dir.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectDatabase } from '../server/src/db/client.js';
import { projectImages, projects } from '../server/src/db/schema.js';
import { PROJECTS_SQL, SESSION_USER_SQL, projectsParams } from './lib/app-sql.js';
import {
  debug,
  freePort,
  median,
  note,
  printLoad,
  processCpuMs,
  report,
  signUp,
  startDatabase,
  startServer,
  type BenchDatabase,
} from './lib/harness.js';

const PROJECTS = 50;
const CONNECTIONS = 50;
const WARMUP_S = 3;
const DURATION_S = 10;

export default async function runHttpBench(): Promise<void> {
  printLoad();
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  const rounds = Math.max(1, Number(process.env.BENCH_HTTP_ROUNDS ?? 1));
  const database = await startDatabase();
  try {
    const barePort = await freePort();
    const server = await startServer('bench/lib/server-host.ts', {
      DATABASE_URL: database.url,
      BENCH_BARE_PORT: String(barePort),
      LOG_LEVEL: logLevel,
    });
    try {
      const bareUrl = `http://127.0.0.1:${barePort}`;
      const { cookie, userId } = await signUp(server.baseUrl);
      await seed(database.url, userId);
      for (const route of ['/api/projects', '/api/auth/user'])
        await assertSameAnswer(server.baseUrl, bareUrl, route, cookie);
      await assertSameSql(database, server.baseUrl, cookie);
      note(
        `app: as npm start (startRuntime, workers in process, NODE_ENV=production), pino LOG_LEVEL=${logLevel} to /dev/null, in a child process; ` +
          `bare: Fastify without logger/plugins/schemas, same SQL via pool.query on the app's pool, same process; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s` +
          (rounds > 1 ? `, medians of ${rounds} alternating rounds` : ''),
      );
      if (debug) await explain(database.url, userId, cookie);

      const pgCpuMs = () => postgresCpuMs(database);
      const projectsApp: Run[] = [];
      const projectsBare: Run[] = [];
      const userApp: Run[] = [];
      const userBare: Run[] = [];
      for (let i = 0; i < rounds; i++) {
        projectsApp.push(await load(`${server.baseUrl}/api/projects`, cookie, server.pid, pgCpuMs));
        projectsBare.push(await load(`${bareUrl}/api/projects`, cookie, server.pid, pgCpuMs));
      }
      for (let i = 0; i < rounds; i++) {
        userApp.push(await load(`${server.baseUrl}/api/auth/user`, cookie, server.pid, pgCpuMs));
        userBare.push(await load(`${bareUrl}/api/auth/user`, cookie, server.pid, pgCpuMs));
      }
      const pa = summarise(projectsApp);
      const pb = summarise(projectsBare);
      const ua = summarise(userApp);
      const ub = summarise(userBare);

      report({
        figure: `GET /api/projects (${PROJECTS} projects × 2 images) throughput`,
        value: `${rps(pa.rps)} (${pa.cpu})${pa.problems}`,
        comparison: 'bare Fastify route, same SQL, same pool',
        comparisonValue: `${rps(pb.rps)} (${pb.cpu})${pb.problems}`,
        ratio: pa.rps / pb.rps,
        target: '≥ 0.6× bare',
        pass: pa.rps / pb.rps >= 0.6 && !pa.problems,
      });
      report({
        figure: `GET /api/projects p99 latency at ${CONNECTIONS} connections`,
        value: `${pa.p99.toFixed(0)} ms (p50 ${pa.p50.toFixed(0)} ms)`,
        comparison: 'bare route',
        comparisonValue: `${pb.p99.toFixed(0)} ms (p50 ${pb.p50.toFixed(0)} ms)`,
        ratio: pa.p99 / pb.p99,
        target: '≤ 25 ms',
        pass: pa.p99 <= 25 && !pa.problems,
      });
      report({
        figure: 'GET /api/auth/user throughput',
        value: `${rps(ua.rps)} (p99 ${ua.p99.toFixed(0)} ms, ${ua.cpu})${ua.problems}`,
        comparison: 'bare Fastify route, same session+user SQL',
        comparisonValue: `${rps(ub.rps)} (p99 ${ub.p99.toFixed(0)} ms, ${ub.cpu})${ub.problems}`,
        ratio: ua.rps / ub.rps,
        target: '≥ 0.6× bare',
        pass: ua.rps / ub.rps >= 0.6 && !ua.problems,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
  }
}

interface Run {
  rps: number;
  /** CPU time of the server process (user + system) per request, in µs: less sensitive to machine load than req/s. */
  cpuUs: number;
  /** CPU time of the PostgreSQL server (postmaster and its backends) per request, in µs. */
  pgCpuUs: number;
  p50: number;
  p99: number;
  bad: number;
}

async function load(url: string, cookie: string, serverPid: number, pgCpuMs: () => number): Promise<Run> {
  const options = { url, connections: CONNECTIONS, headers: { cookie } };
  await autocannon({ ...options, duration: WARMUP_S });
  const cpuBefore = processCpuMs(serverPid);
  const pgBefore = pgCpuMs();
  const result = await autocannon({ ...options, duration: DURATION_S });
  const requests = Math.max(1, result.requests.total);
  const cpuUs = ((processCpuMs(serverPid) - cpuBefore) * 1000) / requests;
  const pgCpuUs = ((pgCpuMs() - pgBefore) * 1000) / requests;
  return {
    rps: result.requests.average,
    cpuUs,
    pgCpuUs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

function summarise(runs: Run[]) {
  const bad = runs.reduce((n, r) => n + r.bad, 0);
  return {
    rps: median(runs.map((r) => r.rps)),
    cpu:
      `${(median(runs.map((r) => r.cpuUs)) / 1000).toFixed(2)} ms server CPU/req` +
      ` + ${(median(runs.map((r) => r.pgCpuUs)) / 1000).toFixed(2)} ms PostgreSQL`,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    problems: bad ? ` [${bad} errors/timeouts/non-2xx]` : '',
  };
}

/**
 * CPU time the embedded PostgreSQL has used so far (postmaster and its live children: the pool's
 * backends stay connected for the whole run), in milliseconds.
 */
function postgresCpuMs(database: BenchDatabase): number {
  const pidFile = path.join(path.dirname(database.logFile), 'postgres', 'postmaster.pid');
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let total = processCpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += processCpuMs(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

const rps = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

/** 50 completed projects, newest first a minute apart, each with an original and its staged image. */
async function seed(url: string, userId: string) {
  const { db, close } = connectDatabase(url, { poolSize: 2 });
  try {
    const now = Date.now();
    const rows = await db
      .insert(projects)
      .values(
        Array.from({ length: PROJECTS }, (_, i) => ({
          userId,
          title: `Wohnung ${i + 1}, Wohnzimmer`,
          status: 'completed' as const,
          styleName: 'Modern Staging',
          createdAt: new Date(now - (i + 1) * 60_000),
          completedAt: new Date(now - (i + 1) * 60_000 + 20_000),
        })),
      )
      .returning({ id: projects.id, createdAt: projects.createdAt });
    const image = (projectId: string, original: boolean, at: Date) => {
      const name = crypto.randomUUID();
      return {
        projectId,
        userId,
        filePath: `/users/${userId}/projects/${projectId}/${name}.${original ? 'jpg' : 'webp'}`,
        thumbnailPath: `/users/${userId}/projects/${projectId}/${name}.thumb.webp`,
        isOriginal: original,
        mimeType: original ? 'image/jpeg' : 'image/webp',
        width: 3840,
        height: 2880,
        byteSize: original ? 2_400_000 : 900_000,
        engine: original ? null : 'offline',
        alignmentErrorPx: original ? null : 0.6,
        changedShare: original ? null : 0.18,
        architectureScore: original ? null : 1,
        changeMaskPath: original ? null : `/users/${userId}/projects/${projectId}/${name}.changes.png`,
        createdAt: at,
      };
    };
    const originals = await db
      .insert(projectImages)
      .values(rows.map((p) => image(p.id, true, new Date(p.createdAt.getTime() + 1_000))))
      .returning({
        id: projectImages.id,
        projectId: projectImages.projectId,
        createdAt: projectImages.createdAt,
      });
    await db
      .insert(projectImages)
      .values(
        originals.map((o) => ({
          ...image(o.projectId, false, new Date(o.createdAt.getTime() + 15_000)),
          originalImageId: o.id,
        })),
      );
  } finally {
    await close();
  }
}

/** The bare routes must answer exactly what the app answers, or the comparison means nothing. */
async function assertSameAnswer(appUrl: string, bareUrl: string, route: string, cookie: string) {
  const [a, b] = await Promise.all(
    [appUrl, bareUrl].map((base) => fetch(base + route, { headers: { cookie } })),
  );
  const [ja, jb] = await Promise.all([a!.json(), b!.json()]);
  if (a!.status !== 200 || b!.status !== 200 || !isDeepStrictEqual(ja, jb)) {
    throw new Error(
      `bare ${route} does not answer like the app: ${a!.status} vs ${b!.status}\napp:  ${JSON.stringify(ja).slice(0, 400)}\nbare: ${JSON.stringify(jb).slice(0, 400)}`,
    );
  }
  if (route === '/api/projects' && (ja as unknown[]).length !== PROJECTS)
    throw new Error(`expected ${PROJECTS} projects, got ${(ja as unknown[]).length}`);
}

/** Checks in PostgreSQL's statement log that the app still sends the SQL the bare routes copy. */
async function assertSameSql(database: BenchDatabase, appUrl: string, cookie: string) {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query(`ALTER SYSTEM SET log_statement = 'all'`);
    await admin.query('SELECT pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 300));
    const from = statSync(database.logFile).size;
    for (const route of ['/api/projects', '/api/auth/user'])
      await fetch(appUrl + route, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 300));
    const log = readFileSync(database.logFile, 'utf8').slice(from);
    const missing = [SESSION_USER_SQL, PROJECTS_SQL].filter(
      (sql) => !log.includes(sql),
    );
    if (missing.length)
      throw new Error(
        `the app no longer runs the SQL bench/lib/app-sql.ts copies; update it:\n${missing.join('\n')}`,
      );
    const perRequest = log
      .split('\n')
      .filter(
        (l) =>
          /(?:statement|execute [^:]*): /.test(l) &&
          /"(?:sessions|projects|project_images|users)"/.test(l),
      ).length;
    note(
      `app SQL checked against the PostgreSQL statement log: ${perRequest} statements for the two requests (session+user, projects with their images; session+user)`,
    );
  } finally {
    await admin.query('ALTER SYSTEM RESET log_statement');
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
  }
}

async function explain(url: string, userId: string, cookie: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const token = cookie.split('=')[1]!;
    const sessionId = (await import('node:crypto'))
      .createHash('sha256')
      .update(token)
      .digest('base64url');
    for (const [name, sql, params] of [
      ['session+user', SESSION_USER_SQL, [sessionId, 1]],
      ['projects', PROJECTS_SQL, projectsParams(userId)],
    ] as const) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [...params]);
      console.log(
        `EXPLAIN ANALYZE ${name}:\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`,
      );
    }
  } finally {
    await client.end();
  }
}
