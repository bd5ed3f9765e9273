import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminApp from './admin-app';
import { isTabActive } from './components/admin-header';
import { greetingName } from './components/admin-user-menu';
import { pivotTrends, summariseTrends } from './components/event-charts';
import { isUpTrend } from './components/funnel-card';
import { adminUser, renderAdmin, stubApi } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

const system = {
  database: { status: 'ok', latencyMs: 3 },
  jobQueue: { status: 'ok', queued: 2, active: 1, failed: 4 },
  mail: {
    failed: 2,
    latest: [
      {
        failedAt: '2026-03-05T10:00:00.000Z',
        template: 'verify_email',
        recipientDomain: 'kunden.example.org',
        error: 'connect ECONNREFUSED 10.0.0.5:587',
      },
    ],
  },
  stagingEngine: 'offline',
  providerSpending: [
    { provider: 'openai', currency: 'USD', dailyMicros: 50_000_000, monthlyMicros: null, fallbackWhenReached: false, spentTodayMicros: 50_200_000, spentMonthMicros: 50_200_000, state: 'reached' },
    { provider: 'gemini', currency: 'USD', dailyMicros: null, monthlyMicros: 100_000_000, fallbackWhenReached: true, spentTodayMicros: 0, spentMonthMicros: 81_000_000, state: 'warning' },
  ],
  storageDriver: 's3',
  billingConfigured: false,
  checkedAt: new Date().toISOString(),
};
const dashboard = {
  today: { pageviews: 1234, ctaClicks: 56, signups: 7, checkoutClicks: 3, payments: 1 },
};
const users = {
  userCounts: [
    { plan: 'free', count: 8 },
    { plan: 'pro', count: 2 },
    { plan: 'business', count: 1 },
  ],
  totalUsers: 11,
  paidUsers: 3,
  conversionRate: 27.3,
  mrr: 15883,
  planRevenue: [
    { plan: 'free', mrr: 0 },
    { plan: 'pro', mrr: 5800 },
    { plan: 'business', mrr: 10083 },
  ],
  hasStripe: false,
  recentSignups: [
    {
      id: 'u1',
      firstName: 'Lena',
      lastName: 'Hoffmann',
      email: 'lena@example.com',
      subscriptionPlan: 'pro',
      createdAt: '2026-03-05T10:00:00.000Z',
      workspaces: [
        { id: 'w1', name: 'Lena', role: 'owner', plan: 'pro', personal: true, seatsUsed: 1, seats: 1 },
        { id: 'w9', name: 'Maklerbüro Kranz', role: 'admin', plan: 'business', personal: false, seatsUsed: 4, seats: 5 },
      ],
    },
    {
      id: 'u2',
      firstName: null,
      lastName: null,
      email: 'nobody@example.com',
      subscriptionPlan: 'free',
      createdAt: '2026-03-04T10:00:00.000Z',
      workspaces: [{ id: 'w2', name: 'nobody', role: 'owner', plan: 'free', personal: true, seatsUsed: 1, seats: 1 }],
    },
  ],
};

describe('admin area', () => {
  it('shows a clear no-access page to signed-in non-admins and loads no admin data', async () => {
    const fetchMock = stubApi({
      '/api/auth/user': { ...adminUser, role: 'user', email: 'jonas@example.com' },
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/jonas@example\.com/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual(['/api/auth/user']);
  });

  it("an unknown admin path shows the app's 404 page instead of sending the admin elsewhere", async () => {
    stubApi({ '/api/auth/user': adminUser });
    await renderAdmin(<AdminApp notFound={<p>404 page</p>} />, { path: '/admin/no-such-page' });
    expect(await screen.findByText('404 page')).toBeInTheDocument();
  });

  it('dashboard: greeting, active tab, five today cards and real system readings', async () => {
    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/dashboard': dashboard,
      '/api/admin/system': system,
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />);
    expect(await screen.findByTestId('today-pageviews-value')).toHaveTextContent('1,234');
    expect(screen.getByTestId('today-payments-value')).toHaveTextContent('1');
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent('Hello, Anna');
    expect(screen.getByTestId('admin-tab-dashboard')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('admin-tab-analytics')).not.toHaveAttribute('aria-current');
    expect(await screen.findByTestId('system-queue')).toHaveTextContent(
      '2 waiting · 1 running · 4 failed jobs',
    );
    expect(screen.getByTestId('system-queue')).toHaveAttribute('data-level', 'warn');
    expect(screen.getByTestId('system-storage')).toHaveTextContent('S3-compatible object storage');
    expect(screen.getByTestId('system-mail')).toHaveTextContent('2 mails not delivered');
    expect(screen.getByTestId('system-mail')).toHaveAttribute('data-level', 'warn');
    const failures = screen.getByTestId('system-mail-failures');
    expect(failures).toHaveTextContent('Address confirmation to …@kunden.example.org');
    expect(failures).toHaveTextContent('connect ECONNREFUSED 10.0.0.5:587');
    expect(screen.getByTestId('system-billing')).toHaveTextContent('Not configured');
    // Issue 38: the worst provider budget decides the reading.
    expect(screen.getByTestId('system-spending')).toHaveTextContent('OpenAI: limit reached, new runs stop');
    expect(screen.getByTestId('system-spending')).toHaveAttribute('data-level', 'down');
  });

  it("dashboard: the spec's error text when the data cannot be loaded, in German too", async () => {
    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/dashboard': { status: 500 },
      '/api/admin/system': system,
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />);
    expect(
      await screen.findByText('Failed to load dashboard data. Please try again.'),
    ).toBeInTheDocument();

    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/dashboard': { status: 500 },
      '/api/admin/system': system,
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { language: 'de' });
    expect(
      await screen.findByText(
        'Dashboard-Daten konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument();
  });

  it('users: four stat cards, plan shares, recent signups with name or e-mail and MMM dd, yyyy, the MRR notice', async () => {
    stubApi({ '/api/auth/user': adminUser, '/api/admin/users': users });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/user' });
    expect(await screen.findByTestId('users-total-value')).toHaveTextContent('11');
    expect(screen.getByTestId('admin-tab-users')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('users-paid-value')).toHaveTextContent('3');
    expect(screen.getByTestId('users-conversion-value')).toHaveTextContent('27.3%');
    expect(screen.getByTestId('users-mrr-value')).toHaveTextContent('€158.83');
    expect(screen.getByTestId('plan-revenue-pro')).toHaveTextContent('€58.00 / month');
    expect(screen.getByTestId('plan-revenue-business')).toHaveTextContent('€100.83 / month');
    expect(screen.getByTestId('mrr-source')).toHaveTextContent('Estimated');
    expect(screen.getByTestId('plan-free')).toHaveTextContent('8 users · 72.7%');
    expect(screen.getByTestId('plan-business')).toHaveTextContent('1 user · 9.1%');
    const rows = screen.getAllByTestId('signup-row');
    expect(within(rows[0]!).getByText('Lena Hoffmann')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pro')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('signup-date')).toHaveTextContent('Mar 05, 2026');
    expect(within(rows[1]!).getAllByText('nobody@example.com')).toHaveLength(2);
    // Workspaces: a one-seat workspace of one's own is left out; a team shows role, plan and seats.
    expect(within(rows[0]!).getAllByTestId('signup-workspace').map((w) => w.textContent)).toEqual(['Maklerbüro Kranz · Admin · Business · 4/5 seats']);
    expect(within(rows[1]!).queryByTestId('signup-workspaces')).not.toBeInTheDocument();
    expect(screen.getByTestId('mrr-notice')).toBeInTheDocument();
  });

  it('users: German number formats and the empty list text', async () => {
    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/users': { ...users, recentSignups: [], hasStripe: true },
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, {
      path: '/admin/user',
      language: 'de',
    });
    expect(await screen.findByTestId('users-conversion-value')).toHaveTextContent('27,3 %');
    expect(screen.getByTestId('users-mrr-value')).toHaveTextContent('158,83 €');
    expect(screen.getByTestId('plan-revenue-business')).toHaveTextContent('100,83 € / Monat');
    expect(screen.getByTestId('mrr-source')).toHaveTextContent('Aus Stripe');
    expect(screen.getByText('Keine neuen Registrierungen gefunden')).toBeInTheDocument();
    expect(screen.queryByTestId('mrr-notice')).not.toBeInTheDocument();
  });

  it('sales: the inquiries from "Contact sales", newest first, with whether they were mailed', async () => {
    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/sales-inquiries': {
        inquiries: [
          {
            id: 's1',
            name: 'Mara Keller',
            email: 'mara@keller.de',
            company: 'Keller Immobilien',
            seats: 12,
            message: 'Rund 800 Bilder im Monat.',
            locale: 'de',
            mailed: true,
            createdAt: '2026-03-05T10:00:00.000Z',
          },
          {
            id: 's2',
            name: 'Tom Reed',
            email: 'tom@reed.com',
            company: 'Reed Realty',
            seats: null,
            message: 'Pricing for 3 offices?',
            locale: 'en',
            mailed: false,
            createdAt: '2026-03-04T10:00:00.000Z',
          },
        ],
      },
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/sales' });
    const rows = await screen.findAllByTestId('sales-row');
    expect(screen.getByTestId('admin-tab-sales')).toHaveAttribute('aria-current', 'page');
    expect(rows[0]).toHaveTextContent('Keller Immobilien');
    expect(rows[0]).toHaveTextContent('12 seats');
    expect(rows[0]).toHaveTextContent('Mailed to sales');
    expect(rows[1]).toHaveTextContent('Not mailed');
    expect(within(rows[1]!).getByText('tom@reed.com')).toHaveAttribute(
      'href',
      'mailto:tom@reed.com',
    );
  });

  it('users: error text', async () => {
    stubApi({ '/api/auth/user': adminUser, '/api/admin/users': { status: 503 } });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/user' });
    expect(
      await screen.findByText('Failed to load user data. Please try again.'),
    ).toBeInTheDocument();
  });

  it('analytics: funnel rates with the up-trend, both chart titles, top pages and the GDPR box', async () => {
    // jsdom lays nothing out: report a chart-sized box for every observed element.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          this.callback(
            [
              {
                target,
                contentRect: { width: 640, height: 260 },
              } as unknown as ResizeObserverEntry,
            ],
            this as unknown as ResizeObserver,
          );
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const trends = Array.from({ length: 14 }, (_, i) => ({
      date: `2026-03-${String(i + 1).padStart(2, '0')}`,
      event: 'pageview',
      count: i,
    }));
    stubApi({
      '/api/auth/user': adminUser,
      '/api/admin/analytics': {
        conversions: {
          last7d: {
            landingPageviews: 200,
            ctaClicks: 30,
            signups: 4,
            lpToCtaRate: 15,
            ctaToSignupRate: 13.3,
          },
        },
        trends,
        topPages: [
          { path: '/', count: 91 },
          { path: '/other', count: 3 },
        ],
        workspaceCounts: [
          { plan: 'free', workspaces: 1204, teams: 2 },
          { plan: 'pro', workspaces: 37, teams: 0 },
          { plan: 'business', workspaces: 6, teams: 5 },
        ],
      },
    });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/analytics' });
    expect(await screen.findByText('15.0%', {}, { timeout: 8000 })).toHaveAttribute(
      'data-testid',
      'funnel-lp-to-cta',
    );
    expect(screen.getByTestId('funnel-cta-to-signup')).toHaveTextContent('13.3%');
    expect(screen.getByTestId('funnel-trend')).toHaveAttribute('data-trend', 'up');
    expect(screen.getByText('Event Trends (Last 14 Days)')).toBeInTheDocument();
    expect(screen.getByText('Event Summary (Last 14 Days)')).toBeInTheDocument();
    expect(within(screen.getByTestId('top-pages')).getByText('Other pages')).toBeInTheDocument();
    expect(screen.getByTestId('workspace-count-free')).toHaveTextContent('Free1,2042');
    expect(screen.getByTestId('workspace-count-business')).toHaveTextContent('Business65');
    const gdpr = screen.getByTestId('gdpr-box');
    expect(gdpr).toHaveTextContent(/no IP address, no user id/);
    expect(gdpr).toHaveTextContent(/Do Not Track/);
    expect(gdpr).toHaveTextContent(/consent to analytics cookies/);
    expect(gdpr).toHaveTextContent(/counted by the server/);
  });

  it('analytics: error text', async () => {
    stubApi({ '/api/auth/user': adminUser, '/api/admin/analytics': { status: 500 } });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/analytics' });
    expect(
      await screen.findByText('Failed to load analytics data. Please try again.'),
    ).toBeInTheDocument();
  });

  it('console: the app at / in an 800 px frame with Embedded View and Open in New Tab', async () => {
    stubApi({ '/api/auth/user': adminUser });
    await renderAdmin(<AdminApp notFound={<p>not found</p>} />, { path: '/admin/console' });
    const frame = await screen.findByTestId('console-frame');
    expect(frame).toHaveAttribute('src', '/');
    expect(frame.className).toContain('h-[800px]');
    expect(screen.getByTestId('console-embedded')).toHaveTextContent('Embedded View');
    expect(screen.getByTestId('console-new-tab')).toHaveAttribute('href', '/');
    expect(screen.getByTestId('console-new-tab')).toHaveAttribute('target', '_blank');
  });
});

describe('admin rules', () => {
  it('highlights tabs by path prefix', () => {
    expect(isTabActive('/', '/')).toBe(true);
    expect(isTabActive('/', '/analytics')).toBe(false);
    expect(isTabActive('/analytics', '/analytics')).toBe(true);
    expect(isTabActive('/user', '/user/42')).toBe(true);
    expect(isTabActive('/user', '/users')).toBe(false);
  });

  it('greets with the first name, else the e-mail, else Admin', () => {
    expect(greetingName({ firstName: 'Anna', email: 'a@example.com' }, 'Admin')).toBe('Anna');
    expect(greetingName({ firstName: '  ', email: 'a@example.com' }, 'Admin')).toBe(
      'a@example.com',
    );
    expect(greetingName({ firstName: null, email: '' }, 'Admin')).toBe('Admin');
    expect(greetingName(null, 'Admin')).toBe('Admin');
  });

  it('shows the up-trend only above 5 % landing→CTA and 10 % CTA→signup', () => {
    expect(isUpTrend({ lpToCtaRate: 5.1, ctaToSignupRate: 10.1 })).toBe(true);
    expect(isUpTrend({ lpToCtaRate: 5, ctaToSignupRate: 30 })).toBe(false);
    expect(isUpTrend({ lpToCtaRate: 30, ctaToSignupRate: 10 })).toBe(false);
  });

  it('pivots trends per day and sums the 14 days per event', () => {
    const trends = [
      { date: '2026-03-02', event: 'pageview' as const, count: 5 },
      { date: '2026-03-01', event: 'pageview' as const, count: 2 },
      { date: '2026-03-01', event: 'signup' as const, count: 1 },
    ];
    expect(pivotTrends(trends)).toEqual([
      { date: '2026-03-01', pageview: 2, cta_click: 0, signup: 1, checkout_click: 0, payment: 0 },
      { date: '2026-03-02', pageview: 5, cta_click: 0, signup: 0, checkout_click: 0, payment: 0 },
    ]);
    expect(summariseTrends(trends)).toEqual([
      { event: 'pageview', total: 7 },
      { event: 'cta_click', total: 0 },
      { event: 'signup', total: 1 },
      { event: 'checkout_click', total: 0 },
      { event: 'payment', total: 0 },
    ]);
  });
});
