import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ADMIN_BASE, isAppPage, pages } from '@contract/pages';
import { useTranslation, type TFunction } from '@/i18n/i18n';
import { useAuth } from '@/lib/auth';

const BRAND = 'Raumwerk';

/** Exact page paths and their `titles.*` key (common namespace). */
const EXACT: Record<string, string> = {
  [pages.dashboard]: 'dashboard',
  [pages.myProjects]: 'myProjects',
  [pages.subscribe]: 'subscribe',
  [pages.subscribePopup]: 'subscribe',
  [pages.forgotPassword]: 'forgotPassword',
  [pages.resetPassword]: 'resetPassword',
  [pages.verifyEmail]: 'verifyEmail',
  [pages.confirmEmail]: 'confirmEmail',
  [pages.impressum]: 'impressum',
  [pages.privacy]: 'privacy',
  [pages.terms]: 'terms',
  [pages.invitation]: 'invitation',
};

/** The `titles.*` key of a page (issue #26: every page its own `<title>`, in the user's language). */
export function titleKey(pathname: string, search: string, signedIn: boolean): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === pages.home) return signedIn ? 'home' : 'landing';
  if (path === pages.newProject) return new URLSearchParams(search).get('service') === 'furniture_removal' ? 'removal' : 'newProject';
  if (path === pages.login) return new URLSearchParams(search).get('mode') === 'signup' ? 'signUp' : 'signIn';
  if (path.startsWith('/projects/')) return 'project';
  if (path.startsWith('/s/')) return 'sharedListing';
  if (path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`)) return isAppPage(path) ? 'admin' : 'notFound';
  return EXACT[path] ?? 'notFound';
}

/** "Meine Projekte · Raumwerk"; the landing page's title names the product first. */
export function documentTitle(t: TFunction, key: string): string {
  return key === 'landing' ? t('titles.landing') : `${t(`titles.${key}`)} · ${BRAND}`;
}

/**
 * Keeps `document.title` in step with the page and the language (the prerendered landing page brings
 * its own). Only `/` asks who is signed in (landing or home): public pages such as the share page
 * make no session call.
 */
export function DocumentTitle() {
  const [location] = useLocation();
  const search = useSearch();
  return location === pages.home ? <RootTitle /> : <TitleOf titleKey={titleKey(location, search, false)} />;
}

function RootTitle() {
  const { isAuthenticated } = useAuth();
  return <TitleOf titleKey={isAuthenticated ? 'home' : 'landing'} />;
}

function TitleOf({ titleKey: key }: { titleKey: string }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(t, key);
  }, [t, key, i18n.language]);
  return null;
}
