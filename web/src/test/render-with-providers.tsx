import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster';
import { initI18n } from '@/i18n/i18n';
import type { Language } from '@/i18n/language';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

// jsdom lacks a few browser APIs Radix primitives call (RadioGroup measures itself, Select scrolls
// and captures the pointer). No-op stand-ins: layout does not exist in jsdom anyway.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
for (const name of [
  'hasPointerCapture',
  'setPointerCapture',
  'releasePointerCapture',
  'scrollIntoView',
] as const) {
  if (!(name in Element.prototype))
    Object.defineProperty(Element.prototype, name, {
      value: () => false,
      configurable: true,
      writable: true,
    });
}

// A screen's first render loads its translation namespace with a dynamic import, which takes a while
// on a busy machine; findBy* waits up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

export interface RenderOptions {
  /** Initial wouter path (memory location); `history` records every navigation. */
  path?: string;
  language?: Language;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  /** Paths navigated to, the initial one first. */
  history: string[];
}

/**
 * Renders with the app's real providers: the app's QueryClient defaults, our i18n (English unless
 * asked; feature namespaces load on demand behind Suspense), the theme, the toaster and a wouter
 * memory location. Only `fetch` should be mocked around it.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderWithProvidersResult {
  const language = options.language ?? 'en';
  initI18n(language);
  const queryClient = options.queryClient ?? createQueryClient();
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Suspense fallback={<div>suspended</div>}>{ui}</Suspense>
        </Router>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, history: location.history ?? [] };
}
