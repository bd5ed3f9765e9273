import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { EXAMPLES } from './examples';
import LandingPage from './landing-page';

afterEach(() => vi.unstubAllGlobals());

/** The files shipped in web/public/examples/, as `/examples/<name>` (the URL the page uses). */
const SHIPPED = new Set(
  Object.keys(import.meta.glob('../../../public/examples/*', { query: '?url' })).map((file) => file.replace(/^.*\/public/, '')),
);
const PREVIEW = { stagingEngine: 'offline', furnitureRemoval: false };
const AI = { stagingEngine: 'openai', furnitureRemoval: true };

async function renderLanding(config: object, language: 'de' | 'en') {
  mockFetch([['GET', '/api/config', () => jsonResponse(testConfig(config))]]);
  renderWithProviders(<LandingPage />, { language });
  return screen.findByTestId('landing-page');
}

/** Every image URL the page asks for: img src and srcset, picture sources. */
function imageUrls(page: HTMLElement): string[] {
  const urls = [...page.querySelectorAll('img')].map((img) => img.getAttribute('src')!);
  for (const element of page.querySelectorAll('img[srcset], source[srcset]'))
    urls.push(...element.getAttribute('srcset')!.split(',').map((candidate) => candidate.trim().split(' ')[0]!));
  return [...new Set(urls)];
}

describe('the landing page shows real staging and says what the configured engine does (issue #26, decision 039)', () => {
  it.each(['de', 'en'] as const)('%s: with the preview engine it promises no photorealism and says in plain words what the preview engine is', async (language) => {
    const page = await renderLanding(PREVIEW, language);
    const note = await screen.findByTestId('hero-preview-note');
    expect(note).toHaveTextContent(language === 'de' ? 'eingebauten Vorschau-Engine' : 'built-in preview engine');
    expect(note).toHaveTextContent(language === 'de' ? 'ohne KI-Modell' : 'without an AI model');
    expect(await screen.findByTestId('examples-preview-engine')).toBeInTheDocument();
    // "photorealistic" is only said of what the preview engine's results are not.
    const mentions = page.textContent!.match(/[^.:]*(fotoreal|photoreal)[^.]*/gi) ?? [];
    expect(mentions).toHaveLength(3);
    for (const mention of mentions) expect(mention).toMatch(language === 'de' ? /kein fotorealistisches Bild/ : /not a photorealistic image/);
    expect(page).not.toHaveTextContent(language === 'de' ? 'Fotorealistische Ergebnisse' : 'Photorealistic results');
    expect(page).not.toHaveTextContent(language === 'de' ? 'Verändert die KI meinen Raum?' : 'Will the AI change my room?');
    expect(screen.queryByTestId('example-declutter')).not.toBeInTheDocument();
    expect(screen.getByTestId('example-realvibe-living')).toBeInTheDocument();
  });

  it.each(['de', 'en'] as const)('%s: with an AI engine it promises photorealistic results and shows the removal example', async (language) => {
    const page = await renderLanding(AI, language);
    expect(await screen.findByTestId('example-declutter')).toBeInTheDocument();
    expect(page).toHaveTextContent(language === 'de' ? 'Fotorealistische Ergebnisse' : 'Photorealistic results');
    expect(screen.queryByTestId('hero-preview-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('examples-preview-engine')).not.toBeInTheDocument();
    expect(screen.getByTestId('service-removal')).toHaveTextContent(language === 'de' ? 'Jetzt verfügbar' : 'Available now');
  });

  it('its example images are the real pairs shipped in web/public/examples, in AVIF, WebP and JPEG', async () => {
    const page = await renderLanding(AI, 'en');
    await screen.findByTestId('example-declutter');
    const urls = imageUrls(page);
    const shown = new Set(urls.map((url) => /^\/examples\/([a-z-]+)-(before|after)-\d+\.(avif|webp|jpg)$/.exec(url)?.[1]));
    expect([...shown].sort()).toEqual(EXAMPLES.map((e) => e.id).sort());
    for (const url of urls) expect(SHIPPED.has(url), url).toBe(true);
    for (const format of ['avif', 'webp', 'jpg']) expect(urls.filter((url) => url.endsWith(`.${format}`)).length).toBe(EXAMPLES.length * 2 * 3);
    // The licence notices travel with the copies, and the page links to its credits.
    expect(SHIPPED.has('/examples/LICENSE-photos.txt')).toBe(true);
    expect(screen.getByRole('link', { name: 'credits and licence notices' })).toHaveAttribute('href', '/impressum#section-photo-credits');
  });

  it('only the hero image loads at once; the gallery loads lazily with sizes for its column', async () => {
    await renderLanding(AI, 'en');
    const hero = await screen.findByTestId('hero-compare');
    for (const img of hero.querySelectorAll('img')) expect(img).toHaveAttribute('loading', 'eager');
    for (const id of ['realvibe-living', 'declutter']) {
      for (const img of screen.getByTestId(`example-${id}`).querySelectorAll('img')) {
        expect(img).toHaveAttribute('loading', 'lazy');
        expect(img.getAttribute('sizes')).toContain('50vw');
      }
    }
  });
});
