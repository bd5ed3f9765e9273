import { mountApp } from './app/mount-app';
import { initI18n } from './i18n/i18n';
import './index.css';

// The plain shell (index.html): every path but a signed-out visitor's `/`, which gets the
// prerendered landing page and its lighter entry (landing.tsx, decision 021).
initI18n();
mountApp(document.getElementById('root')!);
