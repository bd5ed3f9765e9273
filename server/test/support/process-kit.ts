import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../src/paths.js';

/**
 * Tests and the load benchmark: real `main.ts` (web) and `worker.ts` processes, as `npm start` / `npm run worker`
 * run them, with their pino JSON log lines collected for assertions.
 */
export interface LogLine {
  level: number;
  msg: string;
  pid: number;
  [key: string]: unknown;
}

export interface ServerProcess {
  kind: 'web' | 'worker';
  child: ChildProcess;
  pid: number;
  logs: LogLine[];
  /** stderr and non-JSON stdout, for failure messages. */
  output: string[];
  exited: Promise<number | null>;
  /** Resolves with the first log line matching, or rejects after `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends the signal (unless the process has exited) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `node --import tsx` rather than the tsx wrapper: one process, so signals and the pid are the server's own. */
const TSX_LOADER = pathToFileURL(path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href;

/**
 * `entry`: the script to run instead of the TypeScript source (e.g. the compiled `main.js`/`worker.js`
 * of a benchmark, which then runs without the tsx loader, as `npm start` does).
 */
/** Every process started here that has not exited: mails are delivered by whichever of them works jobs. */
const live = new Set<ServerProcess>();

/** The first matching log line of any live process (e.g. the outbox's mail line, written by a worker). */
export function waitForAnyLog(match: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
  return Promise.any([...live].map((p) => p.waitForLog(match, timeoutMs)));
}

export function startProcess(kind: 'web' | 'worker', env: Record<string, string>, entry?: string): ServerProcess {
  const script = entry ?? (kind === 'web' ? 'server/src/main.ts' : 'server/src/worker.ts');
  const child = spawn(process.execPath, script.endsWith('.ts') ? ['--import', TSX_LOADER, script] : [script], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const output: string[] = [];
  const listeners = new Set<(line: LogLine) => void>();
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      output.push(text);
      return;
    }
    logs.push(line);
    for (const listener of [...listeners]) listener(line);
  });
  createInterface({ input: child.stderr! }).on('line', (text) => output.push(text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));

  const proc: ServerProcess = {
    kind,
    child,
    pid: child.pid!,
    logs,
    output,
    exited,
    waitForLog(match, timeoutMs = 60_000) {
      const found = logs.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`${kind} ${child.pid}: no matching log line within ${timeoutMs} ms; output:\n${output.slice(-20).join('\n')}`));
        }, timeoutMs);
        const listener = (line: LogLine) => {
          if (!match(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
        void exited.then(() => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(new Error(`${kind} ${child.pid} exited before the awaited log line; output:\n${output.slice(-20).join('\n')}`));
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  live.add(proc);
  void exited.then(() => live.delete(proc));
  return proc;
}

/** A web process: resolves once it listens (its "running at" line) and /api/health answers 200. */
export async function startWeb(env: Record<string, string>, timeoutMs = 60_000, entry?: string): Promise<ServerProcess & { url: string }> {
  const proc = startProcess('web', { WORKERS_IN_PROCESS: 'false', HOST: '127.0.0.1', ...env }, entry);
  await proc.waitForLog((line) => /is running at/.test(line.msg), timeoutMs);
  const url = `http://127.0.0.1:${env.PORT}`;
  const health = await fetch(`${url}/api/health`);
  if (health.status !== 200) throw new Error(`web ${proc.pid}: /api/health answered ${health.status}`);
  return Object.assign(proc, { url });
}

/** A worker process: resolves once it has started working jobs. */
export async function startWorker(env: Record<string, string>, timeoutMs = 60_000, entry?: string): Promise<ServerProcess> {
  const proc = startProcess('worker', env, entry);
  await proc.waitForLog((line) => line.msg === 'worker started', timeoutMs);
  return proc;
}

/** Stops every process still running (SIGTERM, then SIGKILL after `graceMs`). */
export async function stopAll(processes: Array<ServerProcess | undefined>, graceMs = 20_000): Promise<void> {
  await Promise.all(
    processes.map(async (proc) => {
      if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
      await proc.stop('SIGTERM');
      clearTimeout(timer);
    }),
  );
}
