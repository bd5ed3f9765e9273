import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { LANDING_VARIANTS, type LandingVariant } from '@contract/landing-variant';
import { AppRoot } from './app/app-root';
import { seedLandingVariant } from './features/landing/landing-variant-config';
import commonDe from './i18n/common/de.json';
import commonEn from './i18n/common/en.json';
import { initI18n } from './i18n/i18n';
import { LANGUAGES, type Language } from './i18n/language';
import { signedOutQueryClient } from './lib/query-client';

/**
 * Build-time rendering of `/` for a signed-out visitor (scripts/prerender-landing.mjs), so the
 * landing page paints from HTML and CSS before any script ran; landing.tsx hydrates its interactive
 * parts (decision 021). One page per language and engine variant: its promises and examples follow
 * the engine the server stages with (decision 039).
 */
export async function renderLanding(language: Language, variant: LandingVariant): Promise<string> {
  initI18n(language);
  const queryClient = signedOutQueryClient();
  seedLandingVariant(queryClient, variant);
  const app = <AppRoot queryClient={queryClient} ssrPath="/" />;
  // First pass: loads every lazy part and namespace. Its output would reveal late parts with inline
  // scripts, which our Content-Security-Policy forbids; the second pass has nothing left to wait for
  // and gives plain, complete HTML.
  const reader = (await prerender(app)).prelude.getReader();
  while (!(await reader.read()).done);
  const html = renderToString(app);
  if (html.includes('<template') || html.includes('<script')) throw new Error('the landing page still suspended while prerendering');
  return html;
}

/** The landing page's `<title>` in `language` (the app sets every other page's, web/src/app/document-title.tsx). */
export function landingTitle(language: Language): string {
  return (language === 'de' ? commonDe : commonEn).titles.landing;
}

export { LANGUAGES, LANDING_VARIANTS };
