import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeySummary, ApiSettingsResponse } from '@contract/public-api';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import ApiSection from './api-section';

afterEach(() => vi.unstubAllGlobals());

const limits = { requestsPerMinute: 120, concurrentRenders: 10 };
const key = (over: Partial<ApiKeySummary> = {}): ApiKeySummary => ({
  id: 'k1',
  name: 'CRM',
  prefix: 'rw_live_Ab12Cd34',
  scopes: ['stage', 'read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdBy: { name: 'Olga Kranz', member: true },
  revokedReason: null,
  keptBy: null,
  ...over,
});

describe('Settings → API (issue #25)', () => {
  it('below Business: what the plan would give, with the server’s limits, in German', async () => {
    mockFetch([['GET', '/api/settings/api', () => jsonResponse({ available: false, canManage: true, limits, keys: [] } satisfies ApiSettingsResponse)]]);
    renderWithProviders(<ApiSection />, { language: 'de' });
    const upsell = await screen.findByTestId('api-upsell');
    expect(upsell).toHaveTextContent('Die API ist Teil des Business-Plans.');
    expect(upsell).toHaveTextContent('120 Anfragen pro Minute je Schlüssel');
    expect(upsell).toHaveTextContent('10 Renderings gleichzeitig in Arbeit');
    expect(screen.queryByTestId('api-key-form')).toBeNull();
  });

  it('creates a key with the chosen scopes, shows it once, and revokes keys', async () => {
    let keys = [key()];
    const created = { apiKey: key({ id: 'k2', name: 'Zapier', scopes: ['read'], prefix: 'rw_live_Zz99Yy88' }), key: 'rw_live_Zz99Yy88-the-whole-secret', signingSecret: 'whsec_c2lnbmluZw==' };
    const { calls } = mockFetch([
      ['GET', '/api/settings/api', () => jsonResponse({ available: true, canManage: true, limits, keys } satisfies ApiSettingsResponse)],
      ['GET', '/api/settings/api/webhooks', () => jsonResponse({ endpoints: [], deliveries: [] })],
      ['POST', '/api/settings/api/keys', () => ((keys = [created.apiKey, ...keys]), jsonResponse(created, 201))],
      ['POST', '/api/settings/api/keys/k1/revoke', () => ((keys = keys.map((k) => (k.id === 'k1' ? { ...k, revokedAt: '2026-11-26T10:00:00.000Z' } : k))), jsonResponse(keys[1]))],
    ]);
    const u = userEvent.setup();
    renderWithProviders(<ApiSection />);
    expect(await screen.findByTestId('api-key-list')).toHaveTextContent('rw_live_Ab12Cd34…');
    await u.type(screen.getByLabelText('Name'), 'Zapier');
    await u.click(screen.getByTestId('api-scope-stage'));
    await u.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent('rw_live_Zz99Yy88-the-whole-secret');
    expect(screen.getByTestId('api-key-signing-secret')).toHaveTextContent('whsec_c2lnbmluZw==');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { name: 'Zapier', scopes: ['read'] } });

    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    const list = await screen.findByTestId('api-key-list');
    expect(list).not.toHaveTextContent('the-whole-secret');

    const crm = within(list).getByText('CRM').closest('li')!;
    await u.click(within(crm as HTMLElement).getByTestId('api-key-revoke'));
    expect(await within(crm as HTMLElement).findByText('Revoked')).toBeInTheDocument();
  });

  it('each key says who created it and when it was last used; a former member’s key says whether it was revoked with them or kept (decision 050)', async () => {
    const keys = [
      key({ lastUsedAt: '2026-11-24T09:30:00.000Z' }),
      key({ id: 'k2', name: 'Zapier', createdBy: { name: 'Jonas Weber', member: false }, revokedAt: '2026-11-25T10:00:00.000Z', revokedReason: 'member_removed' }),
      key({ id: 'k3', name: 'Portal', createdBy: { name: 'Jonas Weber', member: false }, keptBy: 'Olga Kranz' }),
      key({ id: 'k4', name: 'Alt', createdBy: null }),
    ];
    mockFetch([
      ['GET', '/api/settings/api', () => jsonResponse({ available: true, canManage: true, limits, keys } satisfies ApiSettingsResponse)],
      ['GET', '/api/settings/api/webhooks', () => jsonResponse({ endpoints: [], deliveries: [] })],
    ]);
    renderWithProviders(<ApiSection />);
    const list = await screen.findByTestId('api-key-list');
    const row = (name: string) => within(list).getByText(name).closest('li') as HTMLElement;
    expect(within(row('CRM')).getByTestId('api-key-facts')).toHaveTextContent(/^rw_live_Ab12Cd34… · Created by Olga Kranz · Last used: .*24.*2026/);
    expect(within(row('Zapier')).getByTestId('api-key-facts')).toHaveTextContent('Created by Jonas Weber (no longer a member) · Last used: never · Revoked with its creator\'s removal');
    expect(row('Portal')).toHaveTextContent('Kept by Olga Kranz');
    expect(within(row('Portal')).getByTestId('api-key-revoke')).toBeInTheDocument();
    expect(row('Alt')).toHaveTextContent("Creator's account deleted");
  });

  it('a member sees the workspace’s keys and the delivery log, with failed deliveries, but cannot change them (German)', async () => {
    mockFetch([
      ['GET', '/api/settings/api', () => jsonResponse({ available: true, canManage: false, limits, keys: [key()] } satisfies ApiSettingsResponse)],
      [
        'GET',
        '/api/settings/api/webhooks',
        () =>
          jsonResponse({
            endpoints: [{ id: 'e1', url: 'https://crm.example.com/hook', createdAt: '2026-11-20T10:00:00.000Z' }],
            deliveries: [
              { id: 'd1', url: 'https://crm.example.com/hook', eventType: 'render.failed', renderId: 'r1', attempts: 12, lastStatus: 503, lastError: 'HTTP 503', state: 'failed', createdAt: '2026-11-25T10:00:00.000Z', deliveredAt: null },
            ],
          }),
      ],
    ]);
    renderWithProviders(<ApiSection />, { language: 'de' });
    expect(await screen.findByTestId('api-key-list')).toHaveTextContent('CRM');
    expect(screen.getByTestId('api-read-only')).toHaveTextContent('Schlüssel und Webhook-Endpunkte legen die Inhaberin bzw. der Inhaber dieses Workspaces oder ein Admin an');
    expect(screen.queryByTestId('api-key-form')).toBeNull();
    expect(screen.queryByTestId('api-key-revoke')).toBeNull();
    expect(screen.queryByTestId('webhook-add')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Endpunkt entfernen' })).toBeNull();
    const log = await screen.findByTestId('webhook-log');
    expect(log).toHaveTextContent('Fehlgeschlagen');
    expect(log).toHaveTextContent('render.failed');
    expect(log).toHaveTextContent('12 Versuche · HTTP 503');
  });
});
