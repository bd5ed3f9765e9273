import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot } from './app-root';

/**
 * Renders the whole app into `root` from scratch: the plain shell's start (main.tsx), and the
 * prerendered landing page's hand-over once the visitor leaves `/` or switches language
 * (features/landing/landing-islands.tsx), which passes its signed-out query client along.
 */
export function mountApp(root: HTMLElement, queryClient: QueryClient = createQueryClient()) {
  root.replaceChildren();
  createRoot(root).render(<AppRoot queryClient={queryClient} />);
}
