import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandingResponse } from '@contract/branding';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { BrandingSection } from './branding-section';

afterEach(() => vi.unstubAllGlobals());

const WS = '11111111-2222-4333-8444-555555555555';
const URL = `/api/workspaces/${WS}/branding`;
const EMPTY = { displayName: null, contactName: null, phone: null, email: null, website: null, accentColor: null, logoUrl: null, logoWidth: null, logoHeight: null };

function setup(state: Omit<BrandingResponse, 'branding'> & { branding?: Partial<BrandingResponse['branding']> }, language: 'de' | 'en' = 'en') {
  const mock = mockFetch([
    ['GET', '/api/workspaces', () => jsonResponse({ current: WS, workspaces: [] })],
    ['GET', URL, () => jsonResponse({ ...state, branding: { ...EMPTY, ...state.branding } })],
    ['PUT', URL, (request) => jsonResponse({ ...state, branding: { ...EMPTY, ...(request.body as object) } })],
  ]);
  renderWithProviders(<BrandingSection />, { language });
  return { mock, user: userEvent.setup() };
}

describe('Settings → Branding', () => {
  it('saves the fields of the acting workspace; a bad colour is shown and blocks saving', async () => {
    const { mock, user } = setup({ available: true, canEdit: true });
    await user.type(await screen.findByTestId('branding-displayName'), 'Muster Immobilien');
    await user.type(screen.getByTestId('branding-phone'), '+49 30 1234567');
    await user.type(screen.getByTestId('branding-accentColor'), '#12');
    expect(screen.getByText('A hex colour like #1f6feb.')).toBeInTheDocument();
    expect(screen.getByTestId('branding-save')).toBeDisabled();
    await user.type(screen.getByTestId('branding-accentColor'), '3abc');
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(mock.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      displayName: 'Muster Immobilien',
      contactName: '',
      phone: '+49 30 1234567',
      email: '',
      website: '',
      accentColor: '#123abc',
    });
    expect(await screen.findByText('Branding saved')).toBeInTheDocument();
  });

  it('a member sees the branding read-only; a workspace without Business is told so (German)', async () => {
    setup({ available: false, canEdit: false, branding: { displayName: 'Muster Immobilien' } }, 'de');
    expect(await screen.findByTestId('branding-business-only')).toHaveTextContent('Branding ist Teil des Business-Tarifs.');
    expect(screen.getByTestId('branding-displayName')).toHaveValue('Muster Immobilien');
    expect(screen.getByTestId('branding-displayName')).toBeDisabled();
    expect(screen.getByTestId('branding-save')).toBeDisabled();
  });
});
