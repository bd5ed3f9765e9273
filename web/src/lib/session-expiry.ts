import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { USER_QUERY_KEY } from './auth';

/** How long "You are logged out. Logging in again..." shows before the sign-in page opens. */
export const SIGN_IN_AGAIN_DELAY_MS = 1500;

/**
 * The sign-in page's `returnTo`: only a path of this site (no scheme, no `//host`), else null, so a
 * crafted link cannot send the user elsewhere after signing in.
 */
export function safeReturnTo(search: string): string | null {
  const value = new URLSearchParams(search).get('returnTo');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function loginPathReturningTo(path: string): string {
  return `/login?returnTo=${encodeURIComponent(path)}`;
}

/**
 * A 401 in the middle of work (spec §8): says "You are logged out. Logging in again..." and opens
 * the sign-in page, which brings the user back to the page they were on.
 */
export function useSignInAgain() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useCallback(() => {
    toast({ title: t('auth.unauthorized'), description: t('auth.loggedOut'), variant: 'destructive' });
    const back = location + window.location.search;
    window.setTimeout(() => {
      navigate(loginPathReturningTo(back));
      // The cached user still says signed in; the sign-in page would send the user straight back.
      queryClient.setQueryData(USER_QUERY_KEY, null);
    }, SIGN_IN_AGAIN_DELAY_MS);
  }, [location, navigate, queryClient, t]);
}
