import { currentImageWorkOwner } from '../../images/image-work.js';
import type { WorkLimiter } from '../../images/work-limiter.js';
import { aroundEachRequest, type StageInput, type StagingEngine } from '../engines/engine.js';

/**
 * The staging slots of a process (WORKER_CONCURRENCY, decision 048): how many engine requests it has
 * in flight at once. A slot is held only while the engine renders; the run's CPU work after it (lock,
 * finishing) waits in the image-work line instead, so a slot is free again after L, not after
 * L + the lock. Waiting requests start round robin per user and plan share, the queue's order
 * (decision 040), through the same owner the run's image work carries.
 */
export function withEngineSlots(engine: StagingEngine, slots: WorkLimiter): StagingEngine {
  // A request given up while waiting (deadline, cancellation) leaves the line; the engine runner
  // reports it as cancelled or timed out (engine-runner.ts), as for a request in flight.
  const inSlot = <T>(input: StageInput, request: () => Promise<T>): Promise<T> =>
    slots.run(request, { signal: input.signal, owner: currentImageWorkOwner() });
  return aroundEachRequest(engine, inSlot);
}
