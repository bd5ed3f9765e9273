import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The whole app, as the browser renders it and as the build prerenders the landing page
 * (`ssrPath`): one tree, whose interactive parts the landing page's islands hydrate (decision 021).
 */
export function AppRoot({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {ssrPath ? (
          <Router ssrPath={ssrPath}>
            <AppRouter />
          </Router>
        ) : (
          <AppRouter />
        )}
      </AppProviders>
    </StrictMode>
  );
}
