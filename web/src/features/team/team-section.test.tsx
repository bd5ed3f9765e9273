import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamResponse } from '@contract/workspaces';
import { renderWithProviders } from '@/test/render-with-providers';
import { TeamSection } from './team-section';

const json = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function team(overrides: Partial<TeamResponse['workspace']> = {}): TeamResponse {
  return {
    workspace: { id: 'w1', name: 'Maklerbüro Kranz', role: 'owner', plan: 'business', personal: true, readOnly: false, ...overrides },
    seats: 5,
    seatsUsed: 2,
    members: [
      { userId: 'u1', email: 'olga@example.com', name: 'Olga Kranz', role: 'owner', joinedAt: '2026-11-01T10:00:00.000Z', apiKeys: [] },
      { userId: 'u2', email: 'jonas@example.com', name: 'Jonas Weber', role: 'member', joinedAt: '2026-11-02T10:00:00.000Z', apiKeys: [] },
    ],
    invitations: [],
  };
}

/** The team endpoints (decision 041), the only boundary replaced; records every call. */
function fakeTeamApi(body: TeamResponse, bodies: unknown[] = []) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${String(input)}`;
      calls.push(call);
      if (call === 'GET /api/workspace/team') return json(body);
      if (call === 'DELETE /api/workspace/members/u2') {
        bodies.push(JSON.parse(String(init.body)));
        return json({ revokedApiKeys: [], keptApiKeys: [] });
      }
      if (call === 'POST /api/workspace/transfer') return json(null, 204);
      return json({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Team', () => {
  it('asks in the app’s dialog before removing a member; Cancel changes nothing, confirming removes', async () => {
    const calls = fakeTeamApi(team());
    const u = userEvent.setup();
    renderWithProviders(<TeamSection userId="u1" />);
    await u.click(await screen.findByRole('button', { name: 'Remove Jonas Weber' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from the workspace?' });
    expect(dialog).toHaveAccessibleDescription('Remove Jonas Weber from the workspace? The projects they created stay in the workspace.');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).not.toContain('DELETE /api/workspace/members/u2');

    await u.click(screen.getByRole('button', { name: 'Remove Jonas Weber' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('team-section')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/workspace/members/u2');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('names the API keys the member created: revoked unless kept, with a warning that they hold them, in German too (decision 050)', async () => {
    const withKeys = team();
    withKeys.members[1]!.apiKeys = [
      { id: 'k1', name: 'CRM', prefix: 'rw_live_Ab12Cd34' },
      { id: 'k2', name: 'Zapier', prefix: 'rw_live_Zz99Yy88' },
    ];
    const bodies: unknown[] = [];
    fakeTeamApi(withKeys, bodies);
    const u = userEvent.setup();
    const english = renderWithProviders(<TeamSection userId="u1" />);
    await u.click(await screen.findByRole('button', { name: 'Remove Jonas Weber' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from the workspace?' });
    expect(within(dialog).getByTestId('team-remove-keys')).toHaveTextContent('Jonas Weber created 2 API keys of this workspace and has seen them. They are revoked with the removal');
    expect(within(dialog).queryByTestId('team-kept-warning')).toBeNull();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Keep “Zapier” (rw_live_Zz99Yy88…)' }));
    expect(within(dialog).getByTestId('team-kept-warning')).toHaveTextContent('1 key stays active although Jonas Weber holds it.');
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(bodies).toEqual([{ keepApiKeyIds: ['k2'] }]));
    english.unmount();

    renderWithProviders(<TeamSection userId="u1" />, { language: 'de' });
    await u.click(await screen.findByRole('button', { name: 'Jonas Weber entfernen' }));
    const german = await screen.findByRole('alertdialog', { name: 'Aus dem Workspace entfernen?' });
    expect(within(german).getByTestId('team-remove-keys')).toHaveTextContent('Jonas Weber hat 2 API-Schlüssel dieses Workspaces erstellt und gesehen.');
    expect(within(german).getByRole('checkbox', { name: '„CRM“ (rw_live_Ab12Cd34…) behalten' })).not.toBeChecked();
    await u.click(within(german).getByRole('button', { name: 'Entfernen' }));
    await vi.waitFor(() => expect(bodies).toEqual([{ keepApiKeyIds: ['k2'] }, { keepApiKeyIds: [] }]));
  });

  it('in German: the ownership dialog, and the read-only note of a workspace whose Business ended', async () => {
    fakeTeamApi(team({ role: 'owner' }));
    const u = userEvent.setup();
    const first = renderWithProviders(<TeamSection userId="u1" />, { language: 'de' });
    await u.click(await screen.findByRole('button', { name: 'Inhaberschaft übertragen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Inhaberschaft übertragen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    first.unmount();

    vi.unstubAllGlobals();
    fakeTeamApi({ ...team({ role: 'member', personal: false, plan: 'free', readOnly: true }), seats: 1 });
    renderWithProviders(<TeamSection userId="u2" />, { language: 'de' });
    const note = await screen.findByTestId('team-read-only');
    expect(note).toHaveTextContent('Für Sie schreibgeschützt. Der Business-Tarif dieses Workspaces ist beendet');
    expect(screen.queryByText(/Ihr Tarif hat einen Platz/)).not.toBeInTheDocument();
  });
});
