import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, useTranslation } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './language';

function Greeting() {
  const { t, i18n: current } = useTranslation('home');
  const common = useTranslation().t;
  return (
    <p>
      {current.language}: {t('welcome', { name: 'Anna' })} / {common('header.signIn')}
    </p>
  );
}

afterEach(() => initI18n('en'));

describe('useTranslation', () => {
  it('suspends until the feature namespace is loaded, then renders its texts', async () => {
    initI18n('de');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText(/^de: Willkommen zurück, Anna \/ Anmelden/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('switches every mounted text to the new language and remembers the choice', async () => {
    initI18n('de');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting />
      </Suspense>,
    );
    await screen.findByText(/^de:/);
    await act(() => changeLanguage('en'));
    expect(screen.getByText(/^en: Welcome back, Anna \/ Sign in/)).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
