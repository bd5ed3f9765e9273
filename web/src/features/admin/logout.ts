/**
 * Spec §2: the admin header logs out through /api/auth/logout (a navigation that ends the session
 * and lands on /). The cached user is not cleared first: the admin route guard would react to the
 * empty cache by sending the browser to /api/login, racing the logout navigation. Leaving the page
 * drops the cache anyway.
 */
export const ADMIN_LOGOUT_PATH = '/api/auth/logout';

export function adminLogout() {
  window.location.assign(ADMIN_LOGOUT_PATH);
}
