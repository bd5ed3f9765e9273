import { usePublicConfig } from './public-config';

/** Leaving the app for the server's sign-in path (an object so tests can watch it). */
export const authNavigation = {
  replace: (path: string) => window.location.replace(path),
};

/** The server's sign-in entry: the OpenID Connect provider when configured, else the built-in page. */
export const SERVER_SIGN_IN_PATH = '/api/login';

/**
 * Where sign-in and sign-up lead (issue #12 item 11). With OpenID Connect configured
 * (`oidcEnabled` of GET /api/config) both go to the provider, so no second, password-based account
 * appears by accident; without it, to the built-in page. `ready` is false until the server answered.
 */
export function useAuthEntry() {
  const { data, isPending } = usePublicConfig();
  const oidc = data?.oidcEnabled === true;
  return {
    ready: !isPending,
    oidc,
    signInPath: oidc ? SERVER_SIGN_IN_PATH : '/login',
    signUpPath: oidc ? SERVER_SIGN_IN_PATH : '/login?mode=signup',
  };
}
