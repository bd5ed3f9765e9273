import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { DESIGNS_ISLAND, DesignsGallery } from '@/features/landing/designs-section';
import { prerenderedVariant, seedLandingVariant } from '@/features/landing/landing-variant';
import { PRICING_ISLAND, PricingContent } from '@/features/landing/pricing-section';
import { signedOutQueryClient } from '@/lib/query-client';
import { COOKIE_SETTINGS_ISLAND, CookieSettingsButton } from './cookie-settings-button';

/**
 * The landing page's islands below the fold (decision 021): their code, react-query among it (the
 * pricing's sales form asks who is signed in), loads and hydrates once the browser is idle, apart
 * from the header and hero islands of landing-islands.tsx.
 */
export const DEFERRED_ISLANDS: Record<string, ComponentType> = {
  [DESIGNS_ISLAND]: DesignsGallery,
  [PRICING_ISLAND]: PricingContent,
  [COOKIE_SETTINGS_ISLAND]: CookieSettingsButton,
};

const queryClient = signedOutQueryClient();
// The gallery shows what the page was prerendered for (decision 039), so hydration matches it.
const variant = prerenderedVariant(document.getElementById('root'));
if (variant) seedLandingVariant(queryClient, variant);

export function DeferredIslandProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
