import { lazyScreen } from './lazy-screen';

/** Settings → API (issue #25): the api-keys feature's section, loaded when its tab opens. */
export const SettingsApiSection = lazyScreen(() => import('@/features/api-keys/api-section'));
