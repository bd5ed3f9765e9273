import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthShell } from '@/features/auth/auth-shell';
import { ListingPanel } from '@/features/projects/components/listing-panel';
import errorsDe from '@/i18n/errors/de.json';
import errorsEn from '@/i18n/errors/en.json';
import stagingDe from '@/features/staging/i18n/de.json';
import stagingEn from '@/features/staging/i18n/en.json';
import { jsonResponse, mockFetch, testConfig, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { AppFooter } from './app-footer';

afterEach(() => vi.unstubAllGlobals());

/**
 * Words follow the engine beyond the landing page (issue #35; the landing's own check is
 * features/landing/landing-page.test.tsx, decision 039). With the built-in preview engine no screen
 * after the landing says "AI"/"KI" or promises photorealism: the sign-up and confirmation side panel
 * (AuthShell), the footer, the listing's disclosure sentence, the lock's refusal messages. With an AI
 * engine the panel, the footer and the disclosure say so.
 */
const PREVIEW = { stagingEngine: 'offline', furnitureRemoval: false } as const;
const AI = { stagingEngine: 'openai', furnitureRemoval: true } as const;
const AI_WORDS = /\bKI\b|KI-|\bAI\b|fotoreal|photoreal/i;
const PROJECT = '00000000-0000-4000-8000-0000000000aa';

function renderScreens(config: typeof PREVIEW | typeof AI, language: 'de' | 'en') {
  mockFetch([
    ['GET', '/api/config', () => jsonResponse(testConfig(config))],
    ['GET', '/api/auth/user', () => jsonResponse(testUser({ subscriptionPlan: 'pro' }))],
    // The share state before it loads is the fallback; afterwards the server's sentence (here: none yet, a never-answering request).
    ['GET', `/api/projects/${PROJECT}/share`, () => new Promise<Response>(() => {})],
  ]);
  renderWithProviders(
    <>
      <AuthShell>
        <p>form</p>
      </AuthShell>
      <ListingPanel projectId={PROJECT} projectTitle="Haus" photos={[{ id: 'p1', src: '/objects/p1.webp', title: 'Wohnzimmer' }]} />
      <AppFooter />
    </>,
    { language },
  );
}

/** The lock's refusals, which every engine can answer (the shared error texts and the staging dialog's own). */
const refusals = (language: 'de' | 'en') => {
  const [errors, staging] = language === 'de' ? [errorsDe, stagingDe] : [errorsEn, stagingEn];
  const own = JSON.stringify(staging).match(/"(structure_changed|nothing_staged)":"[^"]*"/g) ?? [];
  return [errors.structure_changed, errors.nothing_staged, ...own];
};

describe('words follow the engine after the landing page', () => {
  it.each(['de', 'en'] as const)('%s, preview engine: side panel, footer and disclosure say neither AI nor photorealistic', async (language) => {
    renderScreens(PREVIEW, language);
    const footer = await screen.findByRole('contentinfo');
    await vi.waitFor(() => expect(document.body).toHaveTextContent(language === 'de' ? 'Virtuelles Home Staging für Immobilienprofis.' : 'Virtual home staging for real-estate professionals.'));
    expect(footer.textContent).not.toMatch(AI_WORDS);
    expect(screen.getByRole('complementary').textContent).not.toMatch(AI_WORDS);
    const disclosure = await screen.findByTestId(`disclosure-${language}`);
    expect(disclosure).toHaveTextContent(language === 'de' ? '(digital bearbeitet)' : '(digitally edited)');
    expect(document.body.textContent).not.toMatch(AI_WORDS);
  });

  it.each(['de', 'en'] as const)('%s, AI engine: the side panel promises photorealism, the footer and disclosure name AI', async (language) => {
    renderScreens(AI, language);
    await vi.waitFor(() => expect(screen.getByRole('complementary')).toHaveTextContent(language === 'de' ? 'fotorealistisch' : 'photorealistic'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(language === 'de' ? 'KI-gestütztes' : 'AI virtual home staging');
    expect(screen.getByTestId(`disclosure-${language}`)).toHaveTextContent(language === 'de' ? '(KI-bearbeitet)' : '(edited with AI)');
  });

  it.each(['de', 'en'] as const)('%s: the refusal messages name the result, not "the AI" (any engine can refuse)', (language) => {
    const texts = refusals(language);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    for (const text of texts) expect(text).not.toMatch(AI_WORDS);
  });
});
