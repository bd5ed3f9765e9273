import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { errorReply } from '@/test/contract-reply';
import { renderWithProviders } from '@/test/render-with-providers';
import { ContactSalesButton } from '@/app/contact-sales-button';

configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function setup(status = 201) {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => errorReply(401, 'unauthorized', 'Unauthorized')],
    ['POST', '/api/sales-inquiries', () => jsonResponse(status === 201 ? { success: true } : { message: 'Too many requests', code: 'rate_limited' }, status)],
  ]);
  renderWithProviders(<ContactSalesButton label="Contact sales" />);
  return { mock, ui: userEvent.setup() };
}

describe('Contact sales form (issue #11)', () => {
  it('checks the fields, sends name, e-mail, company, seats and message, then thanks the visitor', async () => {
    const { mock, ui } = setup();
    await ui.click(screen.getByTestId('contact-sales'));
    await screen.findByTestId('sales-dialog');
    await ui.click(screen.getByTestId('sales-submit'));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/sales-inquiries')).toBe(false);

    await ui.type(screen.getByLabelText('Name'), 'Mara Keller');
    await ui.type(screen.getByLabelText('Work e-mail'), 'mara@keller.de');
    await ui.type(screen.getByLabelText('Company'), 'Keller Immobilien');
    await ui.type(screen.getByLabelText('Team members (optional)'), '12');
    await ui.type(screen.getByLabelText('Message'), 'About 800 photos a month.');
    await ui.click(screen.getByTestId('sales-submit'));
    expect(await screen.findByTestId('sales-sent')).toHaveTextContent('Thank you');
    const call = mock.calls.find((c) => c.url === '/api/sales-inquiries');
    expect(call?.body).toEqual({ name: 'Mara Keller', email: 'mara@keller.de', company: 'Keller Immobilien', seats: 12, message: 'About 800 photos a month.', website: '', locale: 'en' });
  });

  it('says so when the rate limit is hit', async () => {
    const { ui } = setup(429);
    await ui.click(screen.getByTestId('contact-sales'));
    await ui.type(await screen.findByLabelText('Name'), 'Mara');
    await ui.type(screen.getByLabelText('Work e-mail'), 'mara@keller.de');
    await ui.type(screen.getByLabelText('Company'), 'Keller');
    await ui.type(screen.getByLabelText('Message'), 'About 800 photos a month.');
    await ui.click(screen.getByTestId('sales-submit'));
    expect(await screen.findByText(/Too many requests from your network/)).toBeInTheDocument();
  });
});
