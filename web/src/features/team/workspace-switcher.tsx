import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useTranslation } from '@/i18n/i18n';
import { useSwitchWorkspace, useWorkspaces } from './api/workspaces';

/** The header's workspace switcher (decision 041): shown to people in more than one workspace. */
export default function WorkspaceSwitcher() {
  const { t } = useTranslation('team');
  const workspaces = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2) return null;
  const current = list.find((w) => w.id === workspaces.data?.current) ?? list[0]!;
  const nameOf = (w: (typeof list)[number]) => (w.personal ? t('switcher.personal') : w.name);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-9 max-w-[9rem] gap-1.5 px-2.5 sm:max-w-[14rem]" data-testid="workspace-switcher" aria-label={`${t('switcher.label')}: ${nameOf(current)}`}>
          <Building2 aria-hidden />
          <span className="truncate max-sm:sr-only">{nameOf(current)}</span>
          <ChevronsUpDown className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel>{t('switcher.label')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {list.map((w) => (
          <DropdownMenuItem key={w.id} onSelect={() => w.id !== current.id && switchTo.mutate(w.id)} data-testid="workspace-option">
            <Check className={w.id === current.id ? 'opacity-100' : 'opacity-0'} aria-hidden />
            <span className="flex-1 truncate">{nameOf(w)}</span>
            <span className="text-xs text-muted-foreground">{t(`roles.${w.role}`)}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
