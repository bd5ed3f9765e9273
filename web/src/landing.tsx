import { startLandingIslands } from './app/landing-islands';
import { initI18n } from './i18n/i18n';

/**
 * The prerendered landing page's entry (scripts/prerender-landing.mjs loads it instead of main.tsx;
 * its styles are already in the page). In the visitor's language it hydrates only the page's
 * interactive parts (decision 021); otherwise (a stored other choice) the app renders from scratch.
 */
const i18n = initI18n();
const root = document.getElementById('root')!;
if (root.dataset.prerendered === i18n.language && window.location.pathname === '/') {
  void startLandingIslands(root);
} else {
  void import('./app/mount-app').then(({ mountApp }) => mountApp(root));
}
