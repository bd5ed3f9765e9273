import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { HERO_COMPARE_ISLAND, HeroCompare } from '@/features/landing/hero-compare';
import { loadTranslations, onLanguageChange } from '@/i18n/i18n';
import { countPageview, recountOnConsent, trackEvent, type AnalyticsEvent } from '@/lib/analytics';
import { SIGNED_OUT_NAV_ISLAND, SignedOutNav } from './header/signed-out-nav';
import { LazyToaster } from './lazy-toaster';

/**
 * The prerendered landing page's script (decision 021): instead of hydrating the whole app, it
 * hydrates only the interactive parts, each marked `data-island="<name>"` on the element whose
 * children the part renders, and leaves the rest as the HTML the build rendered. The header and
 * hero islands hydrate at once; those below the fold (landing-islands-deferred.tsx) load and
 * hydrate one per idle period; the cookie banner renders client-side (it depends on this browser's
 * storage). The app takes over (`mountApp`, rendering from scratch) the moment the visitor leaves
 * `/` (a link, a sign-up button, back/forward) or switches language, which the static parts could
 * not follow.
 */
const EAGER_ISLANDS: Record<string, ComponentType> = {
  [SIGNED_OUT_NAV_ISLAND]: SignedOutNav,
  [HERO_COMPARE_ISLAND]: HeroCompare,
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

const whenIdle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve, 50),
  );

export async function startLandingIslands(root: HTMLElement) {
  const roots: Root[] = [];
  const stops: Array<() => void> = [];
  let handedOver = false;
  const island = (element: HTMLElement, children: ReactNode) => (
    <StrictMode>
      <Hydrated onHydrated={markHydrated(element)}>{children}</Hydrated>
    </StrictMode>
  );
  const hydrate = (element: HTMLElement, Component: ComponentType, wrap = (c: ReactNode) => c) => {
    if (!handedOver) roots.push(hydrateRoot(element, island(element, wrap(<Component />))));
  };

  /** Unmounts the islands and renders the whole app in their place (at the current path and language). */
  const handOver = async ({ keepScroll }: { keepScroll: boolean }) => {
    if (handedOver) return;
    handedOver = true;
    stops.forEach((stop) => stop());
    const scrollY = window.scrollY;
    const focused = document.activeElement?.getAttribute('data-testid');
    const [{ mountApp }] = await Promise.all([
      import('./mount-app'),
      // Rendered at once, so the page is not replaced by a spinner meanwhile.
      window.location.pathname === '/' ? import('@/features/landing/landing-page') : undefined,
    ]);
    roots.forEach((islandRoot) => islandRoot.unmount());
    mountApp(root, { signedOut: true });
    // A language switch re-renders the same page: the visitor stays where they were.
    if (keepScroll) restoreViewOnceRendered(root, scrollY, focused);
  };

  await loadTranslations(['landing']);
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) {
    const Component = EAGER_ISLANDS[element.dataset.island ?? ''];
    if (Component) hydrate(element, Component);
  }

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
    consentRoot.render(island(element, children));
  });

  await whenIdle();
  const { DEFERRED_ISLANDS, DeferredIslandProviders } = await import('./landing-islands-deferred');
  for (const element of elements) {
    const Component = DEFERRED_ISLANDS[element.dataset.island ?? ''];
    if (!Component) continue;
    await whenIdle();
    hydrate(element, Component, (children) => (
      <DeferredIslandProviders>{children}</DeferredIslandProviders>
    ));
  }
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
 * Scrolls back to `y` once the app has rendered the landing page again, after its layout's effect
 * (which scrolls a newly mounted page to the top), and gives the focus back to the control that had
 * it (the language toggle).
 */
function restoreViewOnceRendered(
  root: HTMLElement,
  y: number,
  focusedTestId: string | null | undefined,
) {
  const observer = new MutationObserver(() => {
    if (!root.querySelector('[data-testid="landing-page"]')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.scrollTo({ top: y, behavior: 'instant' });
        if (focusedTestId)
          root
            .querySelector<HTMLElement>(`[data-testid="${CSS.escape(focusedTestId)}"]`)
            ?.focus({ preventScroll: true });
      }),
    );
  });
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5000);
}
