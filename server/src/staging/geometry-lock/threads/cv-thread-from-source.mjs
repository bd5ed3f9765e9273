// The OpenCV thread's entry when the server runs from its TypeScript sources (tsx, Vitest): a worker
// thread does not inherit the parent's loader, so it registers tsx before it loads cv-thread.ts. The
// compiled server starts cv-thread.js directly (see cv-threads.ts).
import { register } from 'tsx/esm/api';

register();
const { default: runCvTask } = await import('./cv-thread.ts');
export default runCvTask;
