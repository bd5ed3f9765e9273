import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { DESIGNS_ISLAND, DesignsGallery } from '@/features/landing/designs-section';
import { HERO_COMPARE_ISLAND, HeroCompare } from '@/features/landing/hero-section';
import { PRICING_ISLAND, PricingContent } from '@/features/landing/pricing-section';
import { loadTranslations, onLanguageChange } from '@/i18n/i18n';
import { trackEvent, type AnalyticsEvent } from '@/lib/analytics';
import { signedOutQueryClient } from '@/lib/query-client';
import { COOKIE_SETTINGS_ISLAND, CookieSettingsButton } from './cookie-settings-button';
import { SIGNED_OUT_NAV_ISLAND, SignedOutNav } from './header/signed-out-nav';
import { LazyToaster } from './lazy-toaster';
import { countPageview, recountOnConsent } from './use-pageview-tracking';

/**
 * The prerendered landing page's script (decision 021): instead of hydrating the whole app, it
 * hydrates only the interactive parts, each marked `data-island="<name>"` on the element whose
 * children the part renders, and leaves the rest as the HTML the build rendered. The parts in
 * view first at once, the others one per idle period; the cookie banner renders client-side (it
 * depends on this browser's storage). The app takes over (`mountApp`, rendering from scratch) the
 * moment the visitor leaves `/` (a link, a sign-up button, back/forward) or switches language,
 * which the static parts could not follow.
 */
const ISLANDS: Record<string, { component: ComponentType; eager: boolean }> = {
  [SIGNED_OUT_NAV_ISLAND]: { component: SignedOutNav, eager: true },
  [HERO_COMPARE_ISLAND]: { component: HeroCompare, eager: true },
  [DESIGNS_ISLAND]: { component: DesignsGallery, eager: false },
  [PRICING_ISLAND]: { component: PricingContent, eager: false },
  [COOKIE_SETTINGS_ISLAND]: { component: CookieSettingsButton, eager: false },
};

/** Tells once the island's handlers are attached. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** The island's element is marked `data-hydrated` once it responds (the e2e suite waits for it). */
const markHydrated = (element: HTMLElement) => () => {
  element.dataset.hydrated = 'true';
};

const idle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 1000 })
    : setTimeout(run, 50);

export async function startLandingIslands(root: HTMLElement) {
  const queryClient = signedOutQueryClient();
  const roots: Root[] = [];
  const wrap = (children: ReactNode, element: HTMLElement) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Hydrated onHydrated={markHydrated(element)}>{children}</Hydrated>
      </QueryClientProvider>
    </StrictMode>
  );
  const hydrate = (element: HTMLElement) => {
    const island = ISLANDS[element.dataset.island ?? ''];
    if (!island || handedOver) return;
    const Component = island.component;
    roots.push(hydrateRoot(element, wrap(<Component />, element)));
  };

  const stops: Array<() => void> = [];
  let handedOver = false;
  /** Unmounts the islands and renders the whole app in their place (at the current path and language). */
  const handOver = async ({ keepScroll }: { keepScroll: boolean }) => {
    if (handedOver) return;
    handedOver = true;
    stops.forEach((stop) => stop());
    const scrollY = window.scrollY;
    const [{ mountApp }] = await Promise.all([
      import('./mount-app'),
      // Rendered at once, so the page is not replaced by a spinner meanwhile.
      window.location.pathname === '/' ? import('@/features/landing/landing-page') : undefined,
    ]);
    roots.forEach((islandRoot) => islandRoot.unmount());
    mountApp(root, queryClient);
    // A language switch re-renders the same page: the visitor stays where they were.
    if (keepScroll) restoreScrollOnceRendered(root, scrollY);
  };

  await loadTranslations(['landing']);
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  elements.filter((element) => ISLANDS[element.dataset.island ?? '']?.eager).forEach(hydrate);

  countPageview('/');
  stops.push(recountOnConsent());
  stops.push(onLanguageChange(() => void handOver({ keepScroll: true })));
  const onLocation = () => window.location.pathname !== '/' && void handOver({ keepScroll: false });
  for (const type of ['popstate', 'pushState', 'replaceState']) {
    window.addEventListener(type, onLocation);
    stops.push(() => window.removeEventListener(type, onLocation));
  }
  const onClick = (event: MouseEvent) => followStaticLink(event);
  document.addEventListener('click', onClick);
  stops.push(() => document.removeEventListener('click', onClick));

  void renderConsent(root, (children, element) => {
    if (handedOver) return;
    const consentRoot = createRoot(element);
    roots.push(consentRoot);
    consentRoot.render(wrap(children, element));
  });
  for (const element of elements.filter((e) => !ISLANDS[e.dataset.island ?? '']?.eager))
    idle(() => hydrate(element));
}

/**
 * The cookie banner (and the toaster, for the sales form's messages) in a container of its own where
 * the app puts them: before the header, first in the tab order after the skip link.
 */
async function renderConsent(
  root: HTMLElement,
  render: (children: ReactNode, element: HTMLElement) => void,
) {
  const [{ default: CookieConsent }] = await Promise.all([
    import('@/features/consent/cookie-consent'),
    loadTranslations(['consent']),
  ]);
  const element = document.createElement('div');
  element.style.display = 'contents';
  element.dataset.testid = 'landing-consent';
  root.querySelector('header')?.before(element);
  render(
    <>
      <CookieConsent />
      <LazyToaster />
    </>,
    element,
  );
}

/**
 * A click on a link of the static page that no island handled: in-app paths go through the client
 * router (the app takes over); sign-up buttons count their `data-analytics` event like the app does.
 */
function followStaticLink(event: MouseEvent) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || /^\/(api|objects)(\/|$)/.test(url.pathname)) return;
  // In-page anchors (#designs) scroll natively.
  if (
    url.pathname === window.location.pathname &&
    url.search === window.location.search &&
    url.hash
  )
    return;
  if (link.dataset.analytics) trackEvent(link.dataset.analytics as AnalyticsEvent);
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

/**
 * Scrolls back to `y` once the app has rendered the landing page again: after its layout's effect,
 * which scrolls a newly mounted page to the top (effects run after the commit that added the page).
 */
function restoreScrollOnceRendered(root: HTMLElement, y: number) {
  const observer = new MutationObserver(() => {
    if (!root.querySelector('[data-testid="landing-page"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => window.scrollTo({ top: y, behavior: 'instant' })));
  });
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5000);
}
