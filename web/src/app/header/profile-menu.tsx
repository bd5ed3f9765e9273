import { Languages, LogOut, Moon, Settings, Shield, Sun } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { useLocation } from 'wouter';
import type { UserResponse } from '@contract/auth';
import { PLANS } from '@contract/plans';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { changeLanguage } from '@/i18n/i18n';
import { displayName, useLogout } from '@/lib/auth';
import { openAppModal } from '@/lib/modal-bus';
import { useTheme } from '@/lib/theme';

export function ProfileMenu({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const initials = (user.firstName?.[0] ?? user.email[0] ?? '?') + (user.lastName?.[0] ?? '');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold uppercase text-primary-foreground transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={t('header.profileMenu')}
        data-testid="profile-menu"
      >
        {initials}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <div className="font-semibold">{displayName(user)}</div>
          <div className="truncate text-xs font-normal text-muted-foreground">{user.email}</div>
          <div className="mt-1 text-xs font-medium text-primary">{t('header.plan', { plan: PLANS[user.subscriptionPlan].name[lang] })}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => openAppModal('settings')} data-testid="menu-settings">
          <Settings /> {t('header.settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={toggleTheme} data-testid="menu-theme">
          {theme === 'dark' ? <Sun /> : <Moon />} {theme === 'dark' ? t('header.themeLight') : t('header.themeDark')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void changeLanguage(lang === 'de' ? 'en' : 'de')} data-testid="menu-language">
          <Languages /> {lang === 'de' ? t('header.switchToEnglish') : t('header.switchToGerman')}
        </DropdownMenuItem>
        {user.role === 'admin' && (
          <DropdownMenuItem onSelect={() => navigate('/admin')} data-testid="menu-admin">
            <Shield /> {t('header.admin')}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout()} data-testid="menu-logout">
          <LogOut /> {t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
