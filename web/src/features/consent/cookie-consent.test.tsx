import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_STORAGE_KEY,
  PREFERENCES_CHANGED_EVENT,
  type ConsentPreferences,
} from '@/lib/consent';
import { openAppModal } from '@/lib/modal-bus';
import { renderWithProviders } from '@/test/render-with-providers';
import CookieConsent from './cookie-consent';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

function listen() {
  const events: ConsentPreferences[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<ConsentPreferences>).detail);
  window.addEventListener(PREFERENCES_CHANGED_EVENT, listener);
  return { events, stop: () => window.removeEventListener(PREFERENCES_CHANGED_EVENT, listener) };
}

const stored = () =>
  JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as {
    preferences: ConsentPreferences;
    timestamp: string;
  } | null;

afterEach(() => vi.restoreAllMocks());

describe('Cookie consent (spec §4)', () => {
  it('shows the banner while no consent is saved', async () => {
    renderWithProviders(<CookieConsent />);
    expect(await screen.findByTestId('cookie-banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We respect your privacy' })).toBeInTheDocument();
  });

  it('does not show the banner when consent exists', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        preferences: { necessary: true, analytics: false, marketing: false },
        timestamp: 'x',
      }),
    );
    renderWithProviders(<CookieConsent />);
    await waitFor(() => expect(screen.queryByText('suspended')).not.toBeInTheDocument());
    expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
  });

  it('"Accept all" stores analytics and marketing true and fires preferences-changed', async () => {
    const user = userEvent.setup();
    const { events, stop } = listen();
    renderWithProviders(<CookieConsent />);
    await user.click(await screen.findByTestId('cookie-accept-all'));
    expect(stored()?.preferences).toEqual({ necessary: true, analytics: true, marketing: true });
    expect(Number.isNaN(Date.parse(stored()!.timestamp))).toBe(false);
    expect(events).toEqual([{ necessary: true, analytics: true, marketing: true }]);
    expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
    stop();
  });

  it('"Necessary only" stores both false and fires preferences-changed', async () => {
    const user = userEvent.setup();
    const { events, stop } = listen();
    renderWithProviders(<CookieConsent />);
    await user.click(await screen.findByTestId('cookie-necessary-only'));
    expect(stored()?.preferences).toEqual({ necessary: true, analytics: false, marketing: false });
    expect(events).toEqual([{ necessary: true, analytics: false, marketing: false }]);
    stop();
  });

  it('the settings panel keeps necessary on, toggles analytics and marketing and saves', async () => {
    const user = userEvent.setup();
    const { events, stop } = listen();
    renderWithProviders(<CookieConsent />);
    await user.click(await screen.findByTestId('cookie-settings-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    expect(dialog).toBeInTheDocument();
    const necessary = screen.getByTestId('switch-necessary');
    expect(necessary).toBeDisabled();
    expect(necessary).toHaveAttribute('aria-checked', 'true');
    const analytics = screen.getByRole('switch', { name: 'Analytics' });
    const marketing = screen.getByRole('switch', { name: 'Marketing' });
    expect(analytics).toHaveAttribute('aria-checked', 'false');
    await user.click(analytics);
    await user.click(marketing);
    await user.click(marketing);
    expect(analytics).toHaveAttribute('aria-checked', 'true');
    expect(marketing).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByTestId('cookie-save'));
    expect(stored()?.preferences).toEqual({ necessary: true, analytics: true, marketing: false });
    expect(events).toEqual([{ necessary: true, analytics: true, marketing: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
    stop();
  });

  it('closing the panel without saving brings the banner back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CookieConsent />);
    await user.click(await screen.findByTestId('cookie-settings-open'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('cookie-banner')).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('reopens the panel with the saved choice through the modal bus (footer button)', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        preferences: { necessary: true, analytics: true, marketing: false },
        timestamp: 'x',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CookieConsent />);
    await waitFor(() => expect(screen.queryByText('suspended')).not.toBeInTheDocument());
    act(() => openAppModal('cookie-settings'));
    await screen.findByRole('dialog', { name: 'Cookie settings' });
    const analytics = screen.getByRole('switch', { name: 'Analytics' });
    expect(analytics).toHaveAttribute('aria-checked', 'true');
    await user.click(analytics);
    await user.click(screen.getByTestId('cookie-save'));
    expect(stored()?.preferences).toEqual({ necessary: true, analytics: false, marketing: false });
  });
});
