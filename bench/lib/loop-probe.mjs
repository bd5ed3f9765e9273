/**
 * Preloaded into the app processes of `npm run bench -- load` (NODE_OPTIONS=--import): the process's own
 * event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution). SIGUSR2 prints the figures since
 * the previous SIGUSR2 as one JSON log line (`msg: 'event loop delay'`, ms) and starts a new histogram,
 * so the benchmark reads them from the process's log like any other line. Nothing of it ships.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

let histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

process.on('SIGUSR2', () => {
  histogram.disable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const line = { level: 30, msg: 'event loop delay', pid: process.pid, p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
});
