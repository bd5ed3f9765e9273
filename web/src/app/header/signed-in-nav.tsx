import { FolderOpen, LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import type { UserResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/auth';
import { CreditsDisplay } from './credits-display';
import { PlanEndsHint } from './plan-ends-hint';
import { ProfileMenu } from './profile-menu';

const WorkspaceSwitcher = lazy(() => import('@/features/team/workspace-switcher'));

/** The signed-in part of the header (spec §2): My Projects, the workspace switcher (decision 041), a plan's end date (issue #11), credits, profile menu, logout. */
export default function SignedInNav({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <>
      <Button variant="ghost" size="sm" asChild className="h-9 px-2.5 sm:px-3">
        <Link href="/my-projects" data-testid="nav-my-projects" aria-label={t('header.myProjects')}>
          <FolderOpen aria-hidden />
          <span className="hidden md:inline">{t('header.myProjects')}</span>
        </Link>
      </Button>
      <Suspense fallback={null}>
        <WorkspaceSwitcher />
      </Suspense>
      <PlanEndsHint user={user} />
      <CreditsDisplay user={user} />
      <ProfileMenu user={user} />
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        onClick={() => logout()}
        aria-label={t('header.logout')}
        title={t('header.logout')}
        data-testid="logout-button"
      >
        <LogOut />
      </Button>
    </>
  );
}
