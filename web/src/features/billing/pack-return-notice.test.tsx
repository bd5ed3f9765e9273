import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { billingNavigation } from './billing-navigation';
import PackReturnNotice from './pack-return-notice';

const later = vi.spyOn(billingNavigation, 'later').mockImplementation(() => 0);
afterEach(() => {
  later.mockClear();
  window.history.replaceState(null, '', '/');
});

describe('back from Stripe Checkout with a credit pack (decision 061)', () => {
  it('says the payment arrived, reads the credits again twice, and drops ?pack=bought from the address', async () => {
    window.history.replaceState(null, '', '/dashboard?pack=bought&tab=1');
    renderWithProviders(<PackReturnNotice />);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/dashboard?tab=1');
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('German, cancelled: "Kauf abgebrochen", nothing read again', async () => {
    window.history.replaceState(null, '', '/dashboard?pack=cancelled');
    renderWithProviders(<PackReturnNotice />, { language: 'de' });
    expect(await screen.findByText('Kauf abgebrochen')).toBeInTheDocument();
    expect(screen.getByText('Es wurde nichts berechnet.')).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(later).not.toHaveBeenCalled();
  });
});
