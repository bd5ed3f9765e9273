import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorDetails } from '@contract/public-config';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import LegalPage from './legal-page';

afterEach(() => vi.unstubAllGlobals());

const operator: OperatorDetails = {
  name: 'Wohnbild GmbH',
  address: 'Hafenstraße 7, 20459 Hamburg, Deutschland',
  representative: 'Erika Muster',
  register: 'Amtsgericht Hamburg, HRB 123456',
  vatId: 'DE123456789',
  email: 'kontakt@wohnbild.example',
  phone: null,
  privacyEmail: 'datenschutz@wohnbild.example',
  salesEmail: 'vertrieb@wohnbild.example',
  placeholder: false,
};
const serve = (config: object) => mockFetch([['GET', '/api/config', () => jsonResponse(testConfig({ retentionDays: 45, logRetentionDays: 5, ...config }))]]);

describe('the legal pages take the operator and retention from the configuration (decision 028)', () => {
  it('the legal notice shows the configured operator, without a placeholder notice', async () => {
    serve({ operator });
    renderWithProviders(<LegalPage page="impressum" />, { language: 'de' });
    const details = await screen.findByTestId('operator-details');
    for (const text of ['Wohnbild GmbH', 'Hafenstraße 7', '20459 Hamburg', 'Erika Muster', 'Amtsgericht Hamburg, HRB 123456', 'DE123456789']) {
      expect(details).toHaveTextContent(text);
    }
    expect(within(details).getByRole('link', { name: 'kontakt@wohnbild.example' })).toHaveAttribute('href', 'mailto:kontakt@wohnbild.example');
    expect(within(details).getByRole('link', { name: 'vertrieb@wohnbild.example' })).toBeInTheDocument();
    expect(details).not.toHaveTextContent('Telefon');
    expect(screen.queryByTestId('placeholder-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('legal-impressum')).toHaveTextContent('Erika Muster, Anschrift wie oben.');
  });

  it('the privacy policy names the configured retention and the privacy address', async () => {
    serve({ operator });
    renderWithProviders(<LegalPage page="privacy" />);
    const page = await screen.findByTestId('legal-privacy');
    expect(page).toHaveTextContent('Images are deleted automatically 45 days after a project is completed.');
    expect(page).toHaveTextContent('Server logs: 5 days');
    expect(page).toHaveTextContent('datenschutz@wohnbild.example');
    expect(page).not.toHaveTextContent('30 days');
  });

  it('says images are kept when retention is off (RETENTION_DAYS=0), and the terms name the town of the address', async () => {
    serve({ operator, retentionDays: 0 });
    renderWithProviders(<LegalPage page="terms" />);
    const page = await screen.findByTestId('legal-terms');
    expect(page).toHaveTextContent('We keep uploaded and generated images until you delete the project or your account.');
    expect(page).toHaveTextContent('The place of jurisdiction for merchants is Hamburg.');
  });

  it('marks development placeholders as such', async () => {
    serve({ operator: { ...operator, name: 'Raumwerk GmbH (placeholder)', placeholder: true } });
    renderWithProviders(<LegalPage page="impressum" />);
    expect(await screen.findByTestId('placeholder-notice')).toHaveTextContent('placeholders of a test installation');
  });
});

describe('the legal notice credits the example photos of the start page (decision 039)', () => {
  it.each([
    ['de', 'Beispielfotos', 'unter der MIT-Lizenz'],
    ['en', 'Example photos', 'under the MIT licence'],
  ] as const)('%s: names each author with the MIT notice verbatim', async (language, title, licence) => {
    serve({ operator });
    renderWithProviders(<LegalPage page="impressum" />, { language });
    const credits = await screen.findByTestId('photo-credits');
    const section = document.getElementById('section-photo-credits')!;
    expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(section).toHaveTextContent(licence);
    expect(section).toContainElement(credits);
    for (const [holder, source] of [
      ['Copyright (c) 2026 Mateus', 'https://github.com/maateusx/ai-virtual-staging'],
      ['Copyright (c) 2025 pachy0186-ai', 'https://github.com/pachy0186-ai/realvibeai-realty'],
    ]) {
      expect(credits).toHaveTextContent(holder!);
      expect(within(credits).getByRole('link', { name: source })).toHaveAttribute('href', source);
    }
    expect(within(credits).getAllByText('MIT License')).toHaveLength(2);
    expect(within(credits).getAllByText(/^The above copyright notice and this permission notice shall be included in all copies/)).toHaveLength(2);
    expect(within(credits).getAllByText(/^THE SOFTWARE IS PROVIDED "AS IS"/)).toHaveLength(2);
    // The copyright section no longer claims the examples as our own.
    expect(screen.getByTestId('legal-impressum')).not.toHaveTextContent(language === 'de' ? 'von uns selbst erstellt' : 'were created by us');
  });
});
