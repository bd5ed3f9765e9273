import { ANALYTICS_PATH_MAX } from '../../../contract/analytics.js';

/**
 * Pageview paths are reduced to the app's known pages before they are counted: no query strings or
 * fragments (they may carry tokens or e-mail addresses), no ids (a project id points at a person),
 * and nothing a visitor typed freely: anything else is counted as '/other'.
 */
const KNOWN_PAGES = new Set([
  '/',
  '/home',
  '/login',
  '/dashboard',
  '/new-project',
  '/my-projects',
  '/projects/:id',
  '/subscribe',
  '/subscribe-popup',
  '/impressum',
  '/privacy',
  '/terms',
]);
export const OTHER_PAGE = '/other';

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{20,})$/i;

export function normalisePagePath(input: string | undefined): string {
  let path = (input ?? '').slice(0, ANALYTICS_PATH_MAX).trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return OTHER_PAGE;
    }
  }
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) return OTHER_PAGE;
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment.toLowerCase()));
  const normalised = `/${segments.join('/')}`;
  return KNOWN_PAGES.has(normalised) ? normalised : OTHER_PAGE;
}

/** The operators' own screens are not part of the product's traffic. */
export function isAdminPath(input: string | undefined): boolean {
  return /^\/admin(?:[/?#]|$)/i.test((input ?? '').trim());
}
