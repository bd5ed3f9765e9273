import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countPageview, recountOnConsent, trackEvent, trackPageview } from './analytics';
import { saveConsent } from './consent';

let fetchMock: ReturnType<typeof vi.fn>;

function setNavigator(props: { doNotTrack?: string | null; globalPrivacyControl?: boolean }) {
  Object.defineProperty(navigator, 'doNotTrack', {
    value: props.doNotTrack ?? null,
    configurable: true,
  });
  Object.defineProperty(navigator, 'globalPrivacyControl', {
    value: props.globalPrivacyControl,
    configurable: true,
  });
}

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  setNavigator({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator({});
});

describe('analytics gating (DESIGN §5)', () => {
  it('sends nothing without a saved consent', () => {
    trackEvent('cta_click', '/');
    trackPageview('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when analytics consent is off', () => {
    saveConsent({ analytics: false, marketing: true });
    trackEvent('cta_click', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts {event, path} with keepalive when analytics consent is on', () => {
    saveConsent({ analytics: true, marketing: false });
    trackEvent('cta_click', '/pricing');
    trackPageview('/impressum');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/analytics/events');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({ event: 'cta_click', path: '/pricing' });
    expect(
      JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string),
    ).toEqual({ event: 'pageview', path: '/impressum' });
  });

  it('respects Do Not Track even with consent', () => {
    saveConsent({ analytics: true, marketing: true });
    setNavigator({ doNotTrack: '1' });
    trackEvent('cta_click', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('respects Global Privacy Control even with consent', () => {
    saveConsent({ analytics: true, marketing: true });
    setNavigator({ globalPrivacyControl: true });
    trackEvent('pageview', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a failing endpoint', async () => {
    saveConsent({ analytics: true, marketing: false });
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    expect(() => trackEvent('cta_click', '/')).not.toThrow();
    await Promise.resolve();
  });
});

const sentPaths = () =>
  fetchMock.mock.calls.map(
    ([, init]) => (JSON.parse((init as RequestInit).body as string) as { path: string }).path,
  );

describe('page views (the app and the prerendered landing page count the same way)', () => {
  afterEach(() => localStorage.clear());

  it('counts a view once however often it is reported, and each new path', () => {
    saveConsent({ analytics: true, marketing: false });
    countPageview('/count-a');
    countPageview('/count-a');
    countPageview('/count-b');
    countPageview('/count-a');
    expect(sentPaths()).toEqual(['/count-a', '/count-b', '/count-a']);
  });

  it('counts the current view again when analytics consent is given, not when it is refused', () => {
    countPageview('/count-c');
    expect(fetchMock).not.toHaveBeenCalled();
    const stop = recountOnConsent();
    saveConsent({ analytics: false, marketing: true });
    expect(fetchMock).not.toHaveBeenCalled();
    saveConsent({ analytics: true, marketing: false });
    expect(sentPaths()).toEqual(['/count-c']);
    stop();
    saveConsent({ analytics: true, marketing: true });
    expect(sentPaths()).toEqual(['/count-c']);
  });
});
