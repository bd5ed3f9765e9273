import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { CHECKOUT_COMPLETE_MESSAGE } from './billing-navigation';
import { usePopupCheckout } from './use-popup-checkout';

configure({ asyncUtilTimeout: 5000 });

const onCompleted = vi.fn();
const onEnded = vi.fn();

function Harness() {
  const popup = usePopupCheckout({ onCompleted, onEnded });
  return (
    <button type="button" onClick={() => popup.open('pro', 'monthly')}>
      open
    </button>
  );
}

beforeEach(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  onCompleted.mockClear();
  onEnded.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('checkout in a popup window (framed app)', () => {
  it("says 'Pop-up blocked' when the browser refuses the window", async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'open' }));
    expect(window.open).toHaveBeenCalledWith('/subscribe?plan=pro&cycle=monthly&popup=1', 'raumwerk-checkout', expect.stringContaining('popup'));
    expect(await screen.findByText('Pop-up blocked')).toBeInTheDocument();
  });

  it("says 'Payment window closed' when the window closes before the subscription completes", async () => {
    const fakeWindow = { closed: false, close: vi.fn(), focus: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    renderWithProviders(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'open' }));
    fakeWindow.closed = true;
    expect(await screen.findByText('Payment window closed')).toBeInTheDocument();
    expect(onEnded).toHaveBeenCalled();
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('hears the completion from the popup (same origin only) and reports success', async () => {
    const fakeWindow = { closed: false, close: vi.fn(), focus: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    renderWithProviders(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'open' }));
    const data = { type: CHECKOUT_COMPLETE_MESSAGE, outcome: 'subscribed', plan: 'pro' };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
    });
    expect(onCompleted).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    });
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
    expect(onCompleted).toHaveBeenCalledTimes(1);
    fakeWindow.closed = true;
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.queryByText('Payment window closed')).not.toBeInTheDocument();
  });
});
