import { describe, expect, it } from 'vitest';
import { adminPages, ADMIN_BASE, pages } from '@contract/pages';
import commonDe from '@/i18n/common/de.json';
import commonEn from '@/i18n/common/en.json';
import { translate } from '@/i18n/translate';
import type { TFunction } from '@/i18n/i18n';
import { documentTitle, titleKey } from './document-title';

const tOf = (texts: typeof commonEn, language: string) => ((key: string) => translate(texts, language, key)) as TFunction;
const sample = (path: string) => path.replace(/:[a-zA-Z]+/g, 'abc123');

// Issue #26: every page has its own <title>, in the user's language.
describe('document titles', () => {
  const cases: [string, string, boolean][] = [
    ...Object.values(pages).map((path) => [sample(path), '', false] as [string, string, boolean]),
    ['/', '', true],
    ['/login', '?mode=signup', false],
    ['/new-project', '?service=furniture_removal', false],
    ...Object.values(adminPages).map((path) => [path === '/' ? ADMIN_BASE : ADMIN_BASE + path, '', true] as [string, string, boolean]),
  ];

  it.each([
    ['en', commonEn],
    ['de', commonDe],
  ] as const)('gives every page a translated title in %s', (language, texts) => {
    const t = tOf(texts, language);
    for (const [path, search, signedIn] of cases) {
      const key = titleKey(path, search, signedIn);
      const title = documentTitle(t, key);
      expect(title, path).not.toContain('titles.');
      expect(title, path).toMatch(/Raumwerk/);
      if (!path.startsWith(ADMIN_BASE)) expect(key, path).not.toBe('notFound');
    }
  });

  it('tells pages apart', () => {
    const t = tOf(commonEn, 'en');
    const publicPages = [pages.dashboard, pages.newProject, pages.myProjects, sample(pages.project), pages.subscribe, pages.login, pages.forgotPassword, pages.resetPassword, pages.verifyEmail, pages.confirmEmail, pages.impressum, pages.privacy, pages.terms, sample(pages.sharedListing)];
    const titles = publicPages.map((path) => documentTitle(t, titleKey(path, '', true)));
    expect(new Set(titles).size).toBe(titles.length);
    expect(documentTitle(t, titleKey('/', '', false))).toBe('Raumwerk – Virtual home staging');
    expect(documentTitle(t, titleKey('/', '', true))).toBe('Home · Raumwerk');
    expect(documentTitle(tOf(commonDe, 'de'), titleKey('/my-projects', '', true))).toBe('Meine Projekte · Raumwerk');
    expect(titleKey('/login', '?mode=signup', false)).toBe('signUp');
    expect(titleKey('/no/such/page', '', false)).toBe('notFound');
  });
});
