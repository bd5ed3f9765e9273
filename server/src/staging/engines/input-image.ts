import { EngineError, engineMessages } from './engine.js';

/** Work on the uploaded photo before any staging (size, re-encoding): failing there is the file's fault. */
export async function fromInputImage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new EngineError(engineMessages.unreadableInput, 'permanent', undefined, { cause: error });
  }
}
