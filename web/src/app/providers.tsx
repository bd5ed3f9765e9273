import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { LazyToaster } from './lazy-toaster';
import { PageSpinner } from './page-spinner';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          <LazyToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
