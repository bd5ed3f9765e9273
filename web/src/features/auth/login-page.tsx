import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { safeReturnTo } from '@/lib/session-expiry';
import { AuthShell } from './auth-shell';
import { SignInForm, SignUpForm } from './auth-forms';
import { PageSpinner } from '@/app/page-spinner';
import { authNavigation, SERVER_SIGN_IN_PATH, useAuthEntry } from '@/lib/auth-entry';

/**
 * The built-in sign-in page (DESIGN §4): sign-in and sign-up; `?mode=signup` opens sign-up, `?returnTo=/path` the page after. With
 * OpenID Connect configured every way here (sign-up buttons, "Create account", links) continues to the
 * provider; `?password` keeps only the password sign-in for accounts made before (decision 015).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const entry = useAuthEntry();
  const toProvider = entry.oidc && !params.has('password');
  const [mode, setMode] = useState(params.get('mode') === 'signup' && !entry.oidc ? 'signup' : 'signin');
  useEffect(() => {
    if (toProvider) authNavigation.replace(SERVER_SIGN_IN_PATH);
  }, [toProvider]);
  // After a session ended mid-run (spec §8) the user comes back to where they were.
  const done = () => navigate(safeReturnTo(search) ?? '/', { replace: true });
  if (!entry.ready || toProvider) return <PageSpinner />;
  if (entry.oidc) {
    return (
      <AuthShell>
        <h1 className="text-3xl font-bold tracking-tight">{t('auth.signInTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('auth.signInSubtitle')}</p>
        <div className="mt-8">
          <SignInForm onDone={done} />
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <h1 className="text-3xl font-bold tracking-tight">{mode === 'signin' ? t('auth.signInTitle') : t('auth.signUpTitle')}</h1>
      <p className="mt-2 text-muted-foreground">{mode === 'signin' ? t('auth.signInSubtitle') : t('auth.signUpSubtitle')}</p>
      <Tabs value={mode} onValueChange={setMode} className="mt-8">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signin" data-testid="tab-signin">{t('auth.signInTab')}</TabsTrigger>
          <TabsTrigger value="signup" data-testid="tab-signup">{t('auth.signUpTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="signin" className="mt-6">
          <SignInForm onDone={done} />
        </TabsContent>
        <TabsContent value="signup" className="mt-6">
          <SignUpForm onDone={done} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
