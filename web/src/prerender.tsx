import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './i18n/i18n';
import { LANGUAGES, type Language } from './i18n/language';
import { USER_QUERY_KEY } from './lib/auth';
import { createQueryClient } from './lib/query-client';

/**
 * Build-time rendering of `/` for a signed-out visitor (scripts/prerender-landing.mjs), so the
 * landing page paints from HTML and CSS before any script ran; main.tsx hydrates it.
 */
export async function renderLanding(language: Language): Promise<string> {
  initI18n(language);
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router ssrPath="/">
          <AppRouter />
        </Router>
      </AppProviders>
    </StrictMode>
  );
  // First pass: loads every lazy part and namespace. Its output would reveal late parts with inline
  // scripts, which our Content-Security-Policy forbids; the second pass has nothing left to wait for
  // and gives plain, complete HTML.
  const reader = (await prerender(app)).prelude.getReader();
  while (!(await reader.read()).done);
  const html = renderToString(app);
  if (html.includes('<template') || html.includes('<script')) throw new Error('the landing page still suspended while prerendering');
  return html;
}

export { LANGUAGES };
