import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_CLOSE_MS } from '@contract/limits';
import { i18n, initI18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { billingNavigation, CHECKOUT_COMPLETE_MESSAGE } from './billing-navigation';
import SubscribePopupPage from './subscribe-popup-page';

configure({ asyncUtilTimeout: 5000 });

const later = vi.spyOn(billingNavigation, 'later').mockImplementation(() => 0);
const close = vi.spyOn(billingNavigation, 'close').mockImplementation(() => undefined);
const assign = vi.spyOn(billingNavigation, 'assign').mockImplementation(() => undefined);

beforeEach(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  later.mockClear();
  close.mockClear();
  assign.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

const state = { subscriptionPlan: 'pro', billingCycle: 'yearly', subscriptionStatus: 'active', pastDue: false, creditsUsed: 0, creditsLimit: 200, packCredits: 0, creditsPeriodStart: '2026-03-01T00:00:00.000Z', currentPeriodEnd: '2027-03-01T00:00:00.000Z', cancelAtPeriodEnd: false, scheduledChange: null };

describe('/subscribe-popup (spec §2)', () => {
  it.each(['/subscribe-popup', '/subscribe-popup?client_secret=seti_1_secret_x', '/subscribe-popup?setup_intent_id=seti_1', '/subscribe-popup?client_secret=seti_2_secret_x&setup_intent_id=seti_1'])(
    "shows 'Invalid payment link' for %s",
    async (path) => {
      const mock = mockFetch([]);
      renderWithProviders(<SubscribePopupPage />, { path });
      expect(await screen.findByText('Invalid payment link')).toBeInTheDocument();
      expect(mock.calls).toHaveLength(0);
    },
  );

  it('completes, tells the opener, shows success and the closing note, and closes after 2 s', async () => {
    const opener = { postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const mock = mockFetch([['POST', '/api/complete-subscription', () => jsonResponse({ success: true, outcome: 'subscribed', ...state })]]);
    renderWithProviders(<SubscribePopupPage />, { path: '/subscribe-popup?client_secret=seti_1_secret_x&setup_intent_id=seti_1&plan=pro&cycle=yearly' });
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
    expect(screen.getByTestId('popup-closing')).toHaveTextContent('This window closes in a moment.');
    expect(mock.calls.filter((c) => c.url === '/api/complete-subscription').map((c) => c.body)).toEqual([{ setupIntentId: 'seti_1', planId: 'pro', billingCycle: 'yearly' }]);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: CHECKOUT_COMPLETE_MESSAGE, outcome: 'subscribed', plan: 'pro' }, window.location.origin);
    const [ms, run] = later.mock.calls[0]!;
    expect(ms).toBe(POPUP_CLOSE_MS);
    run();
    expect(close).toHaveBeenCalled();
  });

  it("accepts the parameters Stripe appends to the return URL and carries on to the dashboard when it cannot close", async () => {
    mockFetch([['POST', '/api/complete-subscription', () => jsonResponse({ success: true, outcome: 'subscribed', ...state })]]);
    renderWithProviders(<SubscribePopupPage />, { path: '/subscribe-popup?plan=pro&cycle=yearly&setup_intent=seti_9&setup_intent_client_secret=seti_9_secret_y&redirect_status=succeeded' });
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
    later.mock.calls[0]![1]();
    later.mock.calls[1]![1]();
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it("shows 'Error' with the server's message when completing fails", async () => {
    mockFetch([['POST', '/api/complete-subscription', () => jsonResponse({ message: 'This payment setup belongs to another account.', code: 'forbidden' }, 403)]]);
    renderWithProviders(<SubscribePopupPage />, { path: '/subscribe-popup?client_secret=seti_1_secret_x&setup_intent_id=seti_1' });
    expect(await screen.findByTestId('popup-error')).toHaveTextContent('Error');
    expect(screen.getAllByText('This payment setup belongs to another account.')).toHaveLength(2); // on the page and in the toast
    expect(close).not.toHaveBeenCalled();
  });

  it('is translated for German', async () => {
    mockFetch([]);
    renderWithProviders(<SubscribePopupPage />, { path: '/subscribe-popup', language: 'de' });
    expect(await screen.findByText('Ungültiger Zahlungslink')).toBeInTheDocument();
  });
});
