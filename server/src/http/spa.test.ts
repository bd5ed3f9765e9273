import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-store.js';
import { inlineScriptHashes, preferredLanguage, registerSpa } from './spa.js';

let root: string;
const app = Fastify();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'raumwerk-spa-'));
  writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
  writeFileSync(path.join(root, 'landing.de.preview.html'), '<div id="root" data-prerendered="de">Leere Räume</div>');
  writeFileSync(path.join(root, 'landing.en.preview.html'), '<div id="root" data-prerendered="en">Empty rooms</div>');
  writeFileSync(path.join(root, 'landing.en.preview.html.br'), brotliCompressSync('<div id="root" data-prerendered="en">Empty rooms</div>'));
  writeFileSync(path.join(root, 'landing.en.ai.html'), '<div id="root" data-prerendered="en" data-landing-variant="ai">Empty rooms, AI</div>');
  await app.register(fastifyCookie);
  await registerSpa(app, root);
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the prerendered landing page', () => {
  it("goes to signed-out visitors of / in their browser's language", async () => {
    const de = await app.inject({ url: '/', headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } });
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('data-prerendered="de"');
    expect(de.headers['vary']).toContain('cookie');
    expect(de.headers['cache-control']).toBe('no-cache');
    const en = await app.inject({ url: '/', headers: { 'accept-language': 'fr-FR,en;q=0.5' } });
    expect(en.body).toContain('data-prerendered="en"');
  });

  it('is sent brotli-compressed when the browser accepts it and a .br file exists', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-language': 'en-US', 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Empty rooms');
    // No .gz beside the German page: it goes out as it is.
    const de = await app.inject({ url: '/', headers: { 'accept-language': 'de', 'accept-encoding': 'gzip' } });
    expect(de.headers['content-encoding']).toBeUndefined();
    expect(de.body).toContain('Leere Räume');
  });

  it("is the variant of the server's engine (decision 039): the preview page unless an AI engine stages", async () => {
    const preview = await app.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(preview.body).toBe('<div id="root" data-prerendered="en">Empty rooms</div>');
    const ai = Fastify();
    await ai.register(fastifyCookie);
    await registerSpa(ai, root, 'ai');
    const res = await ai.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(res.body).toBe('<div id="root" data-prerendered="en" data-landing-variant="ai">Empty rooms, AI</div>');
    await ai.close();
  });

  it('is not sent with a session cookie (home is shown at / then), nor on other paths', async () => {
    const signedIn = await app.inject({ url: '/', headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(signedIn.body).toBe('<div id="root"></div>');
    const other = await app.inject({ url: '/my-projects' });
    expect(other.body).toBe('<div id="root"></div>');
  });
});

describe('status of pages', () => {
  it("answers the app's pages with 200, any other path with 404 and the app (which shows its 404 page)", async () => {
    for (const url of ['/dashboard', '/projects/4b1c0e0a-0000-4000-8000-000000000000', '/admin', '/admin/sales', '/login?returnTo=%2Fdashboard', '/impressum']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of ['/no-such-page', '/admin/no-such-page', '/projects', '/projects/a/b', '/dashboard/extra']) {
      const res = await app.inject({ url, headers: { cookie: `${SESSION_COOKIE}=abc` } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe('<div id="root"></div>');
    }
  });
});

describe('preferredLanguage', () => {
  it('follows the most preferred tag like the web app does, English otherwise', () => {
    expect(preferredLanguage('de-AT')).toBe('de');
    expect(preferredLanguage('en;q=0.4, de;q=0.9')).toBe('de');
    expect(preferredLanguage('en-GB,de;q=0.9')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('*')).toBe('en');
    expect(preferredLanguage('de;q=0, fr')).toBe('en');
  });
});

describe('inlineScriptHashes', () => {
  it('lists the CSP hash of every inline script of the built pages, not of external ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumwerk-csp-'));
    const theme = "document.documentElement.classList.toggle('dark', true);";
    const loader = "import('/assets/index-abc.js')";
    writeFileSync(path.join(dir, 'index.html'), `<script>${theme}</script><script type="module" crossorigin src="/assets/index-abc.js"></script>`);
    writeFileSync(path.join(dir, 'landing.de.ai.html'), `<script>${theme}</script><script type="module">${loader}</script>`);
    writeFileSync(path.join(dir, 'other.html'), '<script>alert(1)</script>');
    const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(dir).sort()).toEqual([sha(theme), sha(loader)].sort());
    expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});
