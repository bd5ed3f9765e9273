import { lazy, type ComponentType } from 'react';

/**
 * A code-split screen or dialog outside the landing page. index.css holds only the utilities of
 * the landing page and the app shell (the first visit's budget); every other screen brings the
 * complete sheet along. The screen renders once both its code and that sheet have arrived.
 */
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), import('./all-screens.css')]).then(([screen]) => screen));
}
