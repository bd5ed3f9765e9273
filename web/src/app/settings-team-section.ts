import { lazyScreen } from './lazy-screen';

/** Settings → Team (decision 041): the team feature's section, loaded when its tab opens. */
export const SettingsTeamSection = lazyScreen(() => import('@/features/team/team-section'));
