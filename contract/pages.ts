/**
 * Every page the web app routes (web/src/app/router.tsx and the admin area's nest), written once so
 * the server can answer a path no page has with HTTP 404 (it still sends the app, which shows its
 * 404 page). `:name` is one path segment.
 */
export const pages = {
  home: '/',
  dashboard: '/dashboard',
  newProject: '/new-project',
  myProjects: '/my-projects',
  project: '/projects/:id',
  subscribe: '/subscribe',
  subscribePopup: '/subscribe-popup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmail: '/confirm-email',
  /** The mailed link of a workspace invitation (decision 041). */
  invitation: '/invitation',
  impressum: '/impressum',
  privacy: '/privacy',
  terms: '/terms',
  /** A project's public share page (decision 026). */
  sharedListing: '/s/:token',
} as const;

/** The admin area's pages, relative to its `/admin` nest. */
export const adminPages = {
  dashboard: '/',
  analytics: '/analytics',
  users: '/user',
  sales: '/sales',
  console: '/console',
  models: '/models',
  costs: '/costs',
  budgets: '/budgets',
} as const;

export const ADMIN_BASE = '/admin';

const patterns = [...Object.values(pages), ...Object.values(adminPages).map((page) => (page === '/' ? ADMIN_BASE : ADMIN_BASE + page))].map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

/** Whether a request path (without query) is one of the app's pages. */
export function isAppPage(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
