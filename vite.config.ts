import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      // The plain shell (index.html → main.tsx) and the prerendered landing page's lighter entry,
      // which scripts/prerender-landing.mjs loads instead (decision 021).
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        'landing-entry': fileURLToPath(new URL('./web/src/landing.tsx', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/objects': { target: apiTarget },
      '/docs/api': { target: apiTarget },
    },
  },
});
