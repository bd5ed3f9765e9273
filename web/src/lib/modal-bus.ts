/**
 * App-wide dialogs are mounted once at the app level; any screen opens them through this bus, so
 * features never import each other (e.g. "Upgrade" in the staging form opens billing's modal).
 */
export type AppModal = 'subscription' | 'settings' | 'cookie-settings' | 'account-deletion';

const handlers = new Map<AppModal, Set<() => void>>();
/**
 * A request nobody could hear yet — the dialog's code is still loading (e.g. "Cookie settings"
 * clicked right after the page appeared). The dialog opens as soon as it subscribes.
 */
let pending: AppModal | null = null;

export function openAppModal(modal: AppModal) {
  const listening = handlers.get(modal);
  if (!listening?.size) {
    pending = modal;
    return;
  }
  pending = null;
  for (const handler of [...listening]) handler();
}

export function onAppModal(modal: AppModal, handler: () => void): () => void {
  const listening = handlers.get(modal) ?? new Set();
  handlers.set(modal, listening);
  listening.add(handler);
  if (pending === modal) {
    pending = null;
    handler();
  }
  return () => listening.delete(handler);
}
