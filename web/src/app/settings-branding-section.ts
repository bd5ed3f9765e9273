import { lazyScreen } from './lazy-screen';

/** Settings → Branding (decision 045): the branding feature's section, loaded when its tab opens. */
export const SettingsBrandingSection = lazyScreen(() => import('@/features/branding/branding-section'));
