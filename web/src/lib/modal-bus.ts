/**
 * App-wide dialogs are mounted once at the app level; any screen opens them through these events,
 * so features never import each other (e.g. "Upgrade" in the staging form opens billing's modal).
 */
export type AppModal = 'subscription' | 'settings' | 'cookie-settings' | 'account-deletion';

const EVENT = 'raumwerk:open-modal';

export function openAppModal(modal: AppModal) {
  window.dispatchEvent(new CustomEvent<AppModal>(EVENT, { detail: modal }));
}

export function onAppModal(modal: AppModal, handler: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<AppModal>).detail === modal) handler();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
