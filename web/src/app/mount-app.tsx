import { createRoot } from 'react-dom/client';
import { createQueryClient, signedOutQueryClient } from '@/lib/query-client';
import { AppRoot } from './app-root';

/**
 * Renders the whole app into `root` from scratch: the plain shell's start (main.tsx), and the
 * prerendered landing page's hand-over once the visitor leaves `/` or switches language
 * (landing-islands.tsx), where the visitor is known to be signed out (no user request, no spinner).
 */
export function mountApp(root: HTMLElement, { signedOut = false } = {}) {
  root.replaceChildren();
  createRoot(root).render(
    <AppRoot queryClient={signedOut ? signedOutQueryClient() : createQueryClient()} />,
  );
}
