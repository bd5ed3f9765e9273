import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authNavigation } from '@/lib/auth-entry';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import LoginPage from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const serve = (oidcEnabled: boolean) =>
  mockFetch([
    ['GET', '/api/config', () => jsonResponse(testConfig({ oidcEnabled }))],
    ['GET', '/api/auth/user', () => jsonResponse(null, 401)],
  ]);

describe('sign-in and sign-up entries with OpenID Connect (issue #12 item 11)', () => {
  it('sends every way to the sign-up page on to the provider: no password account appears', async () => {
    serve(true);
    const replace = vi.spyOn(authNavigation, 'replace').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, { path: '/login?mode=signup' });
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/api/login'));
    expect(screen.queryByTestId('tab-signup')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
  });

  it('keeps only the password sign-in behind ?password for accounts made before (decision 015)', async () => {
    serve(true);
    const replace = vi.spyOn(authNavigation, 'replace').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, { path: '/login?password' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByTestId('tab-signup')).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('without OpenID Connect shows the built-in sign-in and sign-up', async () => {
    serve(false);
    const replace = vi.spyOn(authNavigation, 'replace').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, { path: '/login?mode=signup' });
    expect(await screen.findByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
    expect(replace).not.toHaveBeenCalled();
  });
});
