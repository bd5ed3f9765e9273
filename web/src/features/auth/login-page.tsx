import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { safeReturnTo } from '@/lib/session-expiry';
import { AuthShell } from './auth-shell';
import { SignInForm, SignUpForm } from './auth-forms';

/** The built-in sign-in page (DESIGN §4): sign-in and sign-up; `?mode=signup` opens sign-up, `?returnTo=/path` the page after. */
export default function LoginPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState(new URLSearchParams(search).get('mode') === 'signup' ? 'signup' : 'signin');
  // After a session ended mid-run (spec §8) the user comes back to where they were.
  const done = () => navigate(safeReturnTo(search) ?? '/', { replace: true });
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
