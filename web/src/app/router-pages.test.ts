import { describe, expect, it } from 'vitest';
import { isAppPage } from '@contract/pages';

// The server answers paths that are no page with 404 (server/src/http/spa.ts); it knows the pages
// only from contract/pages.ts, so every route must take its path from there.
const routeFiles = import.meta.glob<string>(['./router.tsx', '../features/admin/admin-app.tsx'], { eager: true, query: '?raw', import: 'default' });

describe('page routes', () => {
  it.each(Object.entries(routeFiles))('%s takes every route path from contract/pages.ts', (_file, source) => {
    expect(source).toMatch(/<Route path=\{/);
    expect(source.match(/<Route[^>]*\spath="[^"]*"/g) ?? []).toEqual([]);
  });

  it('knows the pages with parameters and nothing below them', () => {
    expect(isAppPage('/projects/abc')).toBe(true);
    expect(isAppPage('/projects/abc/')).toBe(true);
    expect(isAppPage('/projects/abc/images')).toBe(false);
    expect(isAppPage('/admin')).toBe(true);
    expect(isAppPage('/admin/analytics')).toBe(true);
    expect(isAppPage('/administrator')).toBe(false);
  });
});
