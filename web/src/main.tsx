import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './i18n/i18n';
import { USER_QUERY_KEY } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import './index.css';

const i18n = initI18n();
const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// The server sends the prerendered landing page (scripts/prerender-landing.mjs) only to requests
// without a session cookie, i.e. signed out. Hydrate it when it is in this visitor's language;
// otherwise (a stored language choice differs) render from scratch.
const prerendered = root.dataset.prerendered;
if (prerendered && prerendered === i18n.language && window.location.pathname === '/') {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
