import { ArrowRight, FolderOpen, LayoutDashboard, Plus } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { userStats } from '@contract/user-stats';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { isNewAccount } from '@/lib/new-account';
import { QuickStartCard } from './quick-start-card';
import { StatsGrid } from './stats-grid';
import { SubscriptionCard } from './subscription-card';
import { ToolTiles } from './tool-tiles';

/** Spec §2 "Home": welcome, stats, quick start, subscription status, four tool tiles. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useAuth();
  if (!user) return null;
  const stats = userStats(user);
  return (
    <div className="relative isolate" data-testid="home-page">
      <div
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-hero-from to-transparent"
        aria-hidden
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-primary">{t('overline')}</p>
            <h1
              className="mt-1.5 text-3xl font-bold tracking-tight sm:text-4xl"
              data-testid="home-welcome"
            >
              {isNewAccount(user.id)
                ? user.firstName
                  ? t('welcomeNew', { name: user.firstName })
                  : t('welcomeNewNoName')
                : user.firstName
                  ? t('welcome', { name: user.firstName })
                  : t('welcomeNoName')}
            </h1>
            <p className="mt-2 text-muted-foreground">{t('subtitle')}</p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button asChild variant="outline">
              <Link href="/dashboard" data-testid="home-link-dashboard">
                <LayoutDashboard aria-hidden /> {t('links.dashboard')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/my-projects" data-testid="home-link-projects">
                <FolderOpen aria-hidden /> {t('links.myProjects')}
              </Link>
            </Button>
            <Button asChild className="order-first col-span-2 sm:order-none">
              <Link href="/new-project" data-testid="home-new-project">
                <Plus aria-hidden /> {t('newProject')}
              </Link>
            </Button>
          </div>
        </div>

        <StatsGrid stats={stats} />

        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <QuickStartCard creditsRemaining={stats.creditsRemaining} />
          <SubscriptionCard stats={stats} resetAt={user.creditsResetAt ?? null} />
        </div>

        <section aria-labelledby="tools-title" className="mt-12">
          <div className="flex items-end justify-between gap-4">
            <div>
              <h2 id="tools-title" className="text-xl font-semibold tracking-tight">
                {t('tools.title')}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{t('tools.subtitle')}</p>
            </div>
            <Link
              href="/my-projects"
              className="hidden items-center gap-1 text-sm font-medium text-primary hover:underline sm:inline-flex"
            >
              {t('links.allProjects')} <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          <ToolTiles />
        </section>
      </div>
    </div>
  );
}
