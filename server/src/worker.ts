import { loadConfigOrExit } from './config.js';
import { startRuntime } from './runtime.js';

/** `npm run worker`: works jobs only (run several next to WORKERS_IN_PROCESS=false web processes). */
const config = loadConfigOrExit();

const runtime = await startRuntime(config, { serve: false, work: true });
runtime.log.info('worker started');

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    runtime.log.info(`${signal} received, finishing running jobs`);
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
