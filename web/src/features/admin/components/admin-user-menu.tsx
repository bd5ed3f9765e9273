import { ArrowLeft, ChevronDown, Languages, LogOut, Moon, Sun } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { changeLanguage } from '@/i18n/i18n';
import { useTheme } from '@/lib/theme';
import { langOf } from '../format';
import { adminLogout } from '../logout';

/** Spec §2: greeting with the first name, else the e-mail, else 'Admin'. */
export function greetingName(user: Pick<UserResponse, 'firstName' | 'email'> | null, fallback: string): string {
  return user?.firstName?.trim() || user?.email || fallback;
}

/** Spec §2 admin user menu: theme, language (de/en), logout through /api/auth/logout. */
export function AdminUserMenu({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation('admin');
  const { theme, toggleTheme } = useTheme();
  const lang = langOf(i18n.language);
  const name = greetingName(user, t('header.fallbackName'));
  const initial = (user.firstName?.[0] ?? user.email[0] ?? 'A').toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="group flex items-center gap-2 rounded-full border bg-card py-1 pr-2.5 pl-1 text-sm shadow-xs transition hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={t('header.menu')}
        data-testid="admin-user-menu"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
          {initial}
        </span>
        <span className="hidden max-w-40 truncate font-medium sm:inline" data-testid="admin-greeting">
          {t('header.greeting', { name })}
        </span>
        <ChevronDown className="size-4 text-muted-foreground transition group-data-[state=open]:rotate-180" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <div className="truncate font-semibold">{name}</div>
          <div className="truncate text-xs font-normal text-muted-foreground">{user.email}</div>
          <div className="mt-1 text-xs font-medium text-primary">{t('header.role')}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={toggleTheme} data-testid="admin-menu-theme">
          {theme === 'dark' ? <Sun /> : <Moon />} {theme === 'dark' ? t('header.themeLight') : t('header.themeDark')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void changeLanguage(lang === 'de' ? 'en' : 'de')} data-testid="admin-menu-language">
          <Languages /> {lang === 'de' ? t('header.switchToEnglish') : t('header.switchToGerman')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/" data-testid="admin-menu-app">
            <ArrowLeft /> {t('header.backToApp')}
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => adminLogout()} data-testid="admin-menu-logout">
          <LogOut /> {t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
