import { loadConfigOrExit } from './config.js';
import { warnAboutMissingOperatorSettings } from './legal/operator.js';
import { startRuntime } from './runtime.js';

/** `npm start`: the web process (and, by default, the job workers in the same process). */
const config = loadConfigOrExit();

const runtime = await startRuntime(config, { serve: true, work: config.WORKERS_IN_PROCESS });
await runtime.app!.listen({ port: config.PORT, host: config.HOST });
runtime.log.info(`Raumwerk is running at ${config.publicUrl}`);
warnAboutMissingOperatorSettings(config, runtime.log);

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    runtime.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 45_000);
    force.unref();
    runtime
      .stop()
      .then(() => process.exit(0))
      .catch((err) => {
        runtime.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}
