import { BarChart3, Boxes, Coins, Gauge, Handshake, LayoutDashboard, MonitorPlay, Users } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link, useLocation } from 'wouter';
import type { UserResponse } from '@contract/auth';
import { cn } from '@/lib/class-names';
import { AdminUserMenu } from './admin-user-menu';

/** Paths are relative to the /admin nest. */
export const ADMIN_TABS = [
  { path: '/', key: 'dashboard', icon: LayoutDashboard },
  { path: '/analytics', key: 'analytics', icon: BarChart3 },
  { path: '/user', key: 'users', icon: Users },
  { path: '/sales', key: 'sales', icon: Handshake },
  { path: '/models', key: 'models', icon: Boxes },
  { path: '/costs', key: 'costs', icon: Coins },
  { path: '/budgets', key: 'budgets', icon: Gauge },
  { path: '/console', key: 'console', icon: MonitorPlay },
] as const;

/** Spec §2: the active tab is chosen by path prefix (the dashboard only for the bare /admin). */
export function isTabActive(tabPath: string, location: string): boolean {
  if (tabPath === '/') return location === '/' || location === '';
  return location === tabPath || location.startsWith(`${tabPath}/`);
}

function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M7 15.5 16 8l9 7.5V25a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" className="fill-primary-foreground" />
    </svg>
  );
}

export function AdminHeader({ user }: { user: UserResponse }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4" data-testid="admin-home">
          <BrandMark />
          <span className="text-base font-semibold tracking-tight">Raumwerk</span>
          <span className="rounded-md border border-primary/30 bg-primary/10 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-[oklch(0.45_0.13_42)] dark:text-primary">
            {t('brand.area')}
          </span>
        </Link>
        <AdminUserMenu user={user} />
      </div>
      <nav className="mx-auto max-w-7xl px-2 sm:px-4" aria-label={t('nav.label')}>
        <ul className="-mb-px flex gap-1 overflow-x-auto [scrollbar-width:none]">
          {ADMIN_TABS.map(({ path, key, icon: Icon }) => {
            const active = isTabActive(path, location);
            return (
              <li key={key} className="shrink-0">
                <Link
                  href={path}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`admin-tab-${key}`}
                  data-active={active}
                  className={cn(
                    'flex items-center gap-2 border-b-2 px-2.5 py-2.5 sm:px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2',
                    active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                  )}
                >
                  <Icon className="hidden size-4 sm:block" aria-hidden />
                  {t(`nav.${key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
