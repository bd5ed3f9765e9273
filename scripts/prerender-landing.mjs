#!/usr/bin/env node
// After `vite build`: renders `/` for a signed-out visitor in German and English (web/src/prerender.tsx)
// into dist/web/landing.{de,en}.{preview,ai}.html (one per engine variant, decision 039), which the
// server sends to requests without a session cookie;
// they load the landing page's own entry (web/src/landing.tsx), which hydrates only its interactive parts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production server renderer: the same markup as development, without its checks.
process.env.NODE_ENV = 'production';
const outDir = path.resolve(process.argv[2] ?? 'dist/web');
// Inside the repository, so the server bundle resolves react & co. from node_modules.
const ssrDir = path.resolve(`.tmp/prerender-${process.pid}`);
mkdirSync(ssrDir, { recursive: true });
try {
  execFileSync(
    path.resolve('node_modules/.bin/vite'),
    ['build', '--ssr', 'src/prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  const { renderLanding, landingTitle, LANGUAGES, LANDING_VARIANTS } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const template = deferAppCode(readFileSync(path.join(outDir, 'index.html'), 'utf8'), landingEntry(outDir));
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  for (const language of LANGUAGES) {
    for (const variant of LANDING_VARIANTS) {
      const body = await renderLanding(language, variant);
      const html = template
        .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${landingTitle(language)}</title>`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}" data-landing-variant="${variant}">${body}</div>`);
      writeFileSync(path.join(outDir, `landing.${language}.${variant}.html`), html);
      console.log(`prerendered / (${language}, ${variant}): ${(html.length / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}

/** The URL of the landing page's own entry (web/src/landing.tsx, named `landing-entry` in vite.config.ts). */
function landingEntry(dir) {
  const files = readdirSync(path.join(dir, 'assets')).filter((name) => /^landing-entry-[\w-]+\.js$/.test(name));
  if (files.length !== 1) throw new Error(`expected one landing-entry-*.js in ${dir}/assets, found ${files.length}`);
  return `/assets/${files[0]}`;
}

/**
 * The prerendered page is complete without scripts: its first paint should not wait for the code
 * that hydrates its interactive parts (decision 021), nor share the network with it. So that entry
 * (not the shell's main.tsx) loads once the browser reports the first contentful paint (or after a
 * second at the latest, e.g. in a background tab) instead of from the head; the modulepreload
 * hints of the shell's entry go too. The server allows this inline script by its hash.
 */
function deferAppCode(html, entryUrl) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module entry script');
  const loader = `
      let started = false;
      const start = () => started || ((started = true), import(${JSON.stringify(entryUrl)}));
      try {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(start);
        }).observe({ type: 'paint', buffered: true });
      } catch {
        requestAnimationFrame(() => setTimeout(start));
      }
      setTimeout(start, 1000);
    `;
  return html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(entry[0], `<script type="module">${loader}</script>`);
}
