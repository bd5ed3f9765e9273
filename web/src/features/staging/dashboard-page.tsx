import {
  Armchair,
  FolderOpen,
  Hammer,
  LayoutGrid,
  Plus,
  Sofa,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { userStats } from '@contract/user-stats';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { FURNITURE_REMOVAL_HREF, RENOVATION_HREF, useFurnitureRemovalAvailable } from '@/lib/public-config';
import { useRecentProjects } from './api/get-recent-projects';
import { ActiveRunsPanel } from './components/active-runs-panel';
import { AdCard } from './components/ad-card';
import { RecentProjects } from './components/recent-projects';
import { QuickStagingCard } from './components/quick-staging-card';
import { SessionProjectCard } from './components/session-project-card';
import { useRegenerateImage } from './use-regenerate-image';
import { useSyncedSessionProjects } from './use-synced-session-projects';

const TOOLS: { value: string; key: string; icon: LucideIcon; active: boolean }[] = [
  { value: 'virtual_staging', key: 'virtualStaging', icon: Sofa, active: true },
  { value: 'furniture_removal', key: 'furnitureRemoval', icon: Armchair, active: true },
  { value: 'renovation', key: 'renovation', icon: Hammer, active: true },
  { value: 'floor_plan', key: 'floorPlan', icon: LayoutGrid, active: false },
];

/** `/dashboard`: this session's projects, the four tool tabs, quick staging and the ad slot. */
export default function DashboardPage() {
  const { t } = useTranslation('staging');
  const { user } = useAuth();
  const stats = user ? userStats(user) : null;
  const projects = useSyncedSessionProjects();
  const { regenerate, isRegenerating } = useRegenerateImage();
  const recent = useRecentProjects(projects.length === 0);
  const recentItems = recent.data?.items ?? [];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('dashboard.title')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t(
              projects.length === 0 && recentItems.length > 0
                ? 'dashboard.subtitleRecent'
                : 'dashboard.subtitle',
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link href="/my-projects">
              <FolderOpen aria-hidden /> {t('dashboard.allProjects')}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/new-project" data-testid="dashboard-new-project">
              <Plus aria-hidden /> {t('dashboard.newProject')}
            </Link>
          </Button>
        </div>
      </header>

      {/* Runs that go on (or just finished) on the server, e.g. after a reload mid-run (issue #23). */}
      <ActiveRunsPanel className="mt-8" exclude={projects.map(({ project }) => project.id)} />

      <Tabs defaultValue="virtual_staging" className="mt-8">
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label={t('dashboard.tabsLabel')} className="h-auto w-max">
            {TOOLS.map((tool) => {
              const Icon = tool.icon;
              return (
                <TabsTrigger
                  key={tool.value}
                  value={tool.value}
                  className="gap-2 px-3 py-2"
                  data-testid={`tab-${tool.value}`}
                >
                  <Icon className="size-4" aria-hidden />
                  {t(`dashboard.tabs.${tool.key}`)}
                  {!tool.active && (
                    <span className="rounded-full bg-foreground/10 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-foreground">
                      {t('dashboard.comingSoon')}
                    </span>
                  )}
                </TabsTrigger>
              );
            })}
          </TabsList>
        </div>

        <TabsContent value="virtual_staging" className="mt-6">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
            <div className="grid min-w-0 gap-6" data-testid="session-projects">
              {projects.length === 0 ? (
                recent.isPending ? null : recentItems.length > 0 ? (
                  <RecentProjects projects={recentItems} />
                ) : (
                  <DashboardEmpty />
                )
              ) : (
                projects.map(({ project, ready }) => (
                  <SessionProjectCard
                    key={project.id}
                    project={project}
                    ready={ready}
                    isRegenerating={isRegenerating}
                    onRegenerate={regenerate}
                  />
                ))
              )}
            </div>
            <div className="grid gap-6 lg:sticky lg:top-24">
              <QuickStagingCard creditsRemaining={stats?.creditsRemaining ?? 0} />
              <AdCard plan={stats?.subscriptionPlan ?? null} />
            </div>
          </div>
        </TabsContent>

        <TabsContent value="furniture_removal" className="mt-6">
          <RemovalPanel />
        </TabsContent>

        <TabsContent value="renovation" className="mt-6">
          <RenovationPanel />
        </TabsContent>

        {TOOLS.filter((tool) => !tool.active).map((tool) => {
          const Icon = tool.icon;
          return (
            <TabsContent key={tool.value} value={tool.value} className="mt-6">
              <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
                <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
                  <Icon className="size-7" aria-hidden />
                </span>
                <h2 className="mt-4 text-xl font-semibold">
                  {t('dashboard.comingSoonTitle', { tool: t(`dashboard.tabs.${tool.key}`) })}
                </h2>
                <p className="mt-2 max-w-md text-muted-foreground">
                  {t('dashboard.comingSoonText')}
                </p>
              </div>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}

/** Furniture removal (decision 027): a start button, or why this server cannot do it (offline engine). */
function RemovalPanel() {
  const { t } = useTranslation('staging');
  const available = useFurnitureRemovalAvailable();
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center"
      data-testid="removal-panel"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <Armchair className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-semibold">
        {t(available === false ? 'removal.unavailableTitle' : 'removal.title')}
      </h2>
      <p className="mt-2 max-w-xl text-muted-foreground">
        {t(available === false ? 'removal.unavailableText' : 'removal.subtitle')}
      </p>
      {available && (
        <Button asChild className="mt-6">
          <Link href={FURNITURE_REMOVAL_HREF} data-testid="removal-start">
            <Plus aria-hidden /> {t('removal.start')}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** Renovation preview (decision 062): what it does and a start button. */
function RenovationPanel() {
  const { t } = useTranslation('staging');
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center"
      data-testid="renovation-panel"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <Hammer className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{t('renovation.dashboardTitle')}</h2>
      <p className="mt-2 max-w-xl text-muted-foreground">{t('renovation.dashboardText')}</p>
      <Button asChild className="mt-6">
        <Link href={RENOVATION_HREF} data-testid="renovation-start">
          <Plus aria-hidden /> {t('renovation.dashboardStart')}
        </Link>
      </Button>
    </div>
  );
}

function DashboardEmpty() {
  const { t } = useTranslation('staging');
  return (
    <EmptyState
      icon={Sparkles}
      title={t('dashboard.empty.title')}
      text={t('dashboard.empty.text')}
      action={{ href: '/new-project', label: t('dashboard.empty.create'), icon: Plus }}
      data-testid="dashboard-empty"
    />
  );
}
