import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, signedOutQueryClient } from './app/app-root';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const i18n = initI18n();
const root = document.getElementById('root')!;

// The server sends the prerendered landing page (scripts/prerender-landing.mjs) only to requests
// without a session cookie, i.e. signed out. Hydrate it when it is in this visitor's language;
// otherwise (a stored language choice differs) render from scratch.
const prerendered = root.dataset.prerendered;
if (prerendered && prerendered === i18n.language && window.location.pathname === '/') {
  hydrateRoot(root, <AppRoot queryClient={signedOutQueryClient()} />);
} else {
  root.replaceChildren();
  createRoot(root).render(<AppRoot queryClient={createQueryClient()} />);
}
