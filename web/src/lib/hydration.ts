import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the prerendered landing page, true afterwards and in
 * every client-only render. Parts that depend on this browser's storage (cookie banner, toasts) wait
 * for it, so the first client render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
