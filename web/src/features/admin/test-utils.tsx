import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n, initI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { contractCheckedFetch } from '@/test/contract-routes';
import { ThemeProvider } from '@/lib/theme';

/** Answers fetch calls from a table of path → JSON body (or a status for an error reply). */
export function stubApi(routes: Record<string, unknown | { status: number; body?: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    // The query is not part of the route (the app asks `/api/auth/user?optional=1`).
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    if (!(path in routes))
      return new Response('{"message":"Not found","code":"not_found"}', { status: 404 });
    const answer = routes[path] as { status?: number; body?: unknown };
    if (answer && typeof answer === 'object' && typeof answer.status === 'number') {
      return new Response(
        JSON.stringify(answer.body ?? { message: 'Failed', code: 'internal_error' }),
        { status: answer.status },
      );
    }
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  // Every reply checked against the operation's contract/ schema (web/src/test/contract-routes.ts).
  vi.stubGlobal('fetch', contractCheckedFetch((input, init) => fetchMock(input, init)));
  return fetchMock;
}

/** The admin feature as the router mounts it: nested under /admin, with query, theme and i18n. */
export async function renderAdmin(
  ui: ReactNode,
  { path = '/admin', language = 'en' as 'de' | 'en' } = {},
) {
  initI18n(language);
  await i18n.changeLanguage(language);
  const { hook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <Router hook={hook}>
          <Router base="/admin">
            <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
          </Router>
        </Router>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

export const adminUser = {
  id: 'a1',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Admin',
  profileRole: null,
  industry: null,
  role: 'admin' as const,
  subscriptionPlan: 'free' as const,
  creditsUsed: 0,
  creditsLimit: 6,
  emailVerified: true,
  pendingEmail: null,
  language: null,
  deletionScheduledFor: null,
  creditsResetAt: '2026-04-01T00:00:00.000Z',
};
