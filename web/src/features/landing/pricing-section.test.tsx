import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  formatEuro,
  monthlyEquivalent,
  PLAN_LIST,
  PLANS,
} from '@contract/plans';
import { i18n } from '@/i18n/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { PricingSection } from './pricing-section';
import { grossPrice } from './pricing';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const card = (id: string) => screen.getByTestId(`plan-${id}`);
// toHaveTextContent collapses the no-break space of the German format; compare like with like.
const euro = (amount: number) => formatEuro(amount, 'de').replace(/\s/g, ' ');

describe('Landing pricing (spec §2)', () => {
  it('renders one card per plan of contract/plans.ts, free at 0 €, pro highlighted as popular', async () => {
    renderWithProviders(<PricingSection />);
    await screen.findByTestId('plan-free');
    expect(screen.getAllByRole('article')).toHaveLength(PLAN_LIST.length);
    expect(within(card('free')).getByTestId('plan-price')).toHaveTextContent('0 €');
    expect(within(card('pro')).getByTestId('popular-badge')).toHaveTextContent('Most popular');
    expect(within(card('free')).queryByTestId('popular-badge')).not.toBeInTheDocument();
    expect(within(card('business')).queryByTestId('popular-badge')).not.toBeInTheDocument();
  });

  it('shows monthly net prices in German format with "excl. VAT" and the incl.-VAT amount', async () => {
    renderWithProviders(<PricingSection />);
    const pro = await screen.findByTestId('plan-pro');
    expect(within(pro).getByTestId('plan-price')).toHaveTextContent(euro(PLANS.pro.monthlyPrice));
    expect(pro).toHaveTextContent('/ month');
    expect(pro).toHaveTextContent('excl. VAT');
    expect(within(pro).getByTestId('plan-gross')).toHaveTextContent(
      `${euro(grossPrice(PLANS.pro.monthlyPrice))} incl. 19 % VAT`,
    );
    // German number format: "34,51 €" (decimal comma, euro sign after the amount).
    expect(within(pro).getByTestId('plan-gross').textContent).toMatch(/\d+,\d{2}\s€/);
    expect(within(card('business')).getByTestId('plan-price')).toHaveTextContent(
      euro(PLANS.business.monthlyPrice),
    );
    expect(screen.queryByTestId('yearly-note')).not.toBeInTheDocument();
  });

  it('switches to yearly prices with the per-plan yearly notes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingSection />);
    const yearly = await screen.findByTestId('cycle-yearly');
    // Pro saves 29 of 348 € (8 %), business 297 of 1188 € (25 %): the switch claims no more than either.
    expect(yearly).toHaveTextContent('Yearly−8 to −25 %');
    expect(yearly).toHaveAttribute('aria-pressed', 'false');
    await user.click(yearly);
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    const pro = card('pro');
    expect(within(pro).getByTestId('plan-price')).toHaveTextContent(euro(PLANS.pro.yearlyPrice));
    expect(pro).toHaveTextContent('/ year');
    expect(within(pro).getByTestId('yearly-note')).toHaveTextContent('1 month free (−8 %)');
    expect(within(card('business')).getByTestId('yearly-note')).toHaveTextContent('3 months free (−25 %)');
    expect(pro).toHaveTextContent(
      euro(Math.round(monthlyEquivalent(PLANS.pro, 'yearly') * 100) / 100),
    );
    expect(within(card('free')).queryByTestId('yearly-note')).not.toBeInTheDocument();
  });

  it('leads every card to sign-up: free "Start free", the others "Get started"; business can contact sales', async () => {
    renderWithProviders(<PricingSection />);
    const free = await screen.findByTestId('plan-free-cta');
    expect(free).toHaveTextContent('Start free');
    expect(free).toHaveAttribute('href', '/login?mode=signup');
    expect(screen.getByTestId('plan-pro-cta')).toHaveTextContent('Get started');
    expect(screen.getByTestId('plan-business-cta')).toHaveTextContent('Get started');
    // Opens the sales form (features/sales), no longer a mailto link.
    expect(screen.getByTestId('contact-sales').tagName).toBe('BUTTON');
  });

  it('shows the German yearly notes in German', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingSection />, { language: 'de' });
    // The language switch and the German texts load asynchronously.
    const yearly = await screen.findByRole('button', { name: /Jährlich/ });
    expect(yearly).toHaveTextContent('Jährlich−8 bis −25 %');
    await user.click(yearly);
    expect(within(card('pro')).getByTestId('yearly-note')).toHaveTextContent('1 Monat gratis (−8 %)');
    expect(within(card('business')).getByTestId('yearly-note')).toHaveTextContent(
      '3 Monate gratis (−25 %)',
    );
    expect(card('pro')).toHaveTextContent('zzgl. MwSt.');
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists what the plans really differ in: no "unlimited projects" (free has no project limit either)', async () => {
    renderWithProviders(<PricingSection />);
    await screen.findByTestId('plan-pro');
    expect(card('pro')).not.toHaveTextContent(/unlimited/i);
    expect(card('free')).toHaveTextContent('720p results with watermark');
    expect(card('pro')).toHaveTextContent('No watermark');
  });
});
