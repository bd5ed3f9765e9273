import { UserPlus } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { AdminUserWorkspace, RecentSignup } from '@contract/admin';
import { PLANS } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatSignupDate, langOf } from '../format';

/** Spec §2: the name, else the e-mail. */
export function signupName(s: Pick<RecentSignup, 'firstName' | 'lastName' | 'email'>): string {
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;
}

const PLAN_BADGE = { free: 'secondary', pro: 'default', business: 'outline' } as const;

export function RecentSignups({ signups, className }: { signups: RecentSignup[] | undefined; className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  return (
    <Card className={cn('flex flex-col', className)} data-testid="recent-signups">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('users.recent.title')}</CardTitle>
        <CardDescription>{t('users.recent.description')}</CardDescription>
      </CardHeader>
      {!signups ? (
        <div className="space-y-3 px-6 pb-6">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : signups.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 pt-4 pb-10 text-center text-sm text-muted-foreground">
          <UserPlus className="size-6" aria-hidden />
          {t('users.recent.empty')}
        </div>
      ) : (
        <ul className="divide-y border-t">
          {signups.map((s) => {
            const name = signupName(s);
            return (
              <li key={s.id} className="flex items-center gap-3 px-4 py-3 sm:px-6" data-testid="signup-row">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold uppercase" aria-hidden>
                  {(s.firstName?.[0] ?? s.email[0] ?? '?') + (s.lastName?.[0] ?? '')}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="truncate text-sm font-medium">{name}</span>
                    <Badge variant={PLAN_BADGE[s.subscriptionPlan]} className="shrink-0">
                      {PLANS[s.subscriptionPlan].name[lang]}
                    </Badge>
                  </div>
                  <p className="truncate text-xs text-muted-foreground">{s.email}</p>
                  <WorkspaceList workspaces={s.workspaces} />
                  <time dateTime={s.createdAt} className="text-xs tabular-nums text-muted-foreground sm:hidden">
                    {formatSignupDate(s.createdAt, lang)}
                  </time>
                </div>
                <time dateTime={s.createdAt} className="hidden shrink-0 text-xs tabular-nums text-muted-foreground sm:block" data-testid="signup-date">
                  {formatSignupDate(s.createdAt, lang)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The user's workspaces: their own, then teams they joined, each with plan and seats taken. */
function WorkspaceList({ workspaces }: { workspaces: AdminUserWorkspace[] }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  // A personal workspace nobody else is in says nothing the plan badge does not.
  const shown = workspaces.filter((w) => !w.personal || w.seatsUsed > 1 || w.seats > 1);
  if (!shown.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t('users.recent.workspaces')} data-testid="signup-workspaces">
      {shown.map((w) => (
        <li key={w.id} className="max-w-full truncate rounded-md border bg-muted/40 px-1.5 py-0.5 text-xs" data-testid="signup-workspace">
          <span className="font-medium">{w.personal ? t('users.recent.own') : w.name}</span>
          {' · '}
          {t(`users.recent.role.${w.role}`)} · {PLANS[w.plan].name[lang]} ·{' '}
          <span className="tabular-nums">{t('users.recent.seats', { used: w.seatsUsed, seats: w.seats })}</span>
        </li>
      ))}
    </ul>
  );
}
