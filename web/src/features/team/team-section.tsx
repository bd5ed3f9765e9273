import { Crown, Eye, Loader2, LogOut, Mail, UserMinus, UserPlus, X } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent } from 'react';
import type { AssignableRole, TeamResponse, WorkspaceMember, WorkspaceRole } from '@contract/workspaces';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { ConfirmActionDialog, type ConfirmAction } from './confirm-action-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { useChangeRole, useInvite, useLeaveWorkspace, useRevokeInvitation, useTeam, useTransferOwnership } from './api/team';

const canManage = (role: WorkspaceRole) => role === 'owner' || role === 'admin';

/** Settings → Team (decision 041): the acting workspace's members, seats, invitations, roles, leave and transfer. */
export function TeamSection({ userId }: { userId: string }) {
  const { t } = useTranslation('team');
  const team = useTeam();
  if (team.isLoading) return <Loader2 className="mx-auto size-6 animate-spin text-muted-foreground" aria-label={t('loading')} />;
  if (!team.data) return <p className="text-sm text-destructive">{t('loadFailed')}</p>;
  const data = team.data;
  const myRole = data.workspace.role;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0" data-testid="team-section">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{data.workspace.name}</h3>
          <p className="text-sm text-muted-foreground">{t('seats', { used: data.seatsUsed, seats: data.seats })}</p>
        </div>
        <Badge variant="secondary">{t(`roles.${myRole}`)}</Badge>
      </header>
      {data.workspace.readOnly ? (
        <div role="note" className="flex gap-3 rounded-lg border border-warning/60 bg-warning/10 p-4 text-sm leading-relaxed" data-testid="team-read-only">
          <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <strong className="font-semibold">{t('readOnly.title')}</strong> {t('readOnly.text')}
          </p>
        </div>
      ) : (
        data.seats <= 1 && <p className="rounded-lg border bg-muted/40 p-4 text-sm leading-relaxed">{t('singleSeat')}</p>
      )}
      {canManage(myRole) && data.seats > 1 && <InviteForm full={data.seatsUsed >= data.seats} />}
      <MemberList data={data} userId={userId} />
      {!data.workspace.personal && myRole !== 'owner' && <LeaveButton />}
    </div>
  );
}

function InviteForm({ full }: { full: boolean }) {
  const { t } = useTranslation('team');
  const errorText = useServerErrorText();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast({ title: t('invite.sent', { email }), variant: 'success' });
          setEmail('');
        },
        onError: (error) => toast({ title: t('invite.failed'), description: errorText(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border p-4" data-testid="team-invite-form">
      <h4 className="flex items-center gap-2 font-medium">
        <UserPlus className="size-4" aria-hidden /> {t('invite.title')}
      </h4>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="team-invite-email">{t('invite.email')}</Label>
          <Input id="team-invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" data-testid="team-invite-email" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="team-invite-role">{t('invite.role')}</Label>
          <AssignableRoleSelect value={role} onChange={setRole} triggerProps={{ id: 'team-invite-role', 'data-testid': 'team-invite-role' }} />
        </div>
        <Button type="submit" disabled={invite.isPending || full} data-testid="team-invite-submit">
          {invite.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Mail aria-hidden />} {t('invite.send')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{full ? t('invite.full') : t('invite.hint')}</p>
    </form>
  );
}

function MemberList({ data, userId }: { data: TeamResponse; userId: string }) {
  const { t, i18n } = useTranslation('team');
  const errorText = useServerErrorText();
  const changeRole = useChangeRole();
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const revoke = useRevokeInvitation();
  const transfer = useTransferOwnership();
  const myRole = data.workspace.role;
  const [asking, setAsking] = useState<ConfirmAction | null>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' }).format(new Date(iso));
  const onError = (error: unknown) => toast({ title: t('actionFailed'), description: errorText(error), variant: 'destructive' });
  return (
    <section aria-labelledby="team-members-title" className="grid min-w-0 gap-2">
      <h4 id="team-members-title" className="font-medium">{t('members')}</h4>
      <ul className="min-w-0 divide-y rounded-xl border" data-testid="team-members">
        {data.members.map((m) => {
          const editable = canManage(myRole) && m.role !== 'owner' && m.userId !== userId;
          return (
            <li key={m.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3" data-testid="team-member">
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate font-medium">
                  {m.name ?? m.email} {m.userId === userId && <span className="text-muted-foreground">({t('you')})</span>}
                </p>
                <p className="truncate text-sm text-muted-foreground">{m.name ? m.email : t('joined', { date: date(m.joinedAt) })}</p>
              </div>
              <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
                {editable ? (
                  <AssignableRoleSelect
                    value={m.role as AssignableRole}
                    onChange={(role) => changeRole.mutate({ userId: m.userId, role }, { onError })}
                    triggerProps={{ className: 'h-9 w-32', 'aria-label': t('roleOf', { name: m.name ?? m.email }) }}
                  />
                ) : (
                  <Badge variant={m.role === 'owner' ? 'default' : 'outline'}>
                    {m.role === 'owner' && <Crown aria-hidden />} {t(`roles.${m.role}`)}
                  </Badge>
                )}
                {myRole === 'owner' && m.role !== 'owner' && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      setAsking({
                        title: t('transferTitle'),
                        text: t('transferConfirm', { name: m.name ?? m.email }),
                        confirm: t('transfer'),
                        run: () => transfer.mutateAsync(m.userId, { onError }),
                      })
                    }
                    data-testid="team-transfer"
                  >
                    <Crown aria-hidden /> {t('transfer')}
                  </Button>
                )}
                {editable && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive"
                    aria-label={t('remove', { name: m.name ?? m.email })}
                    title={t('remove', { name: m.name ?? m.email })}
                    onClick={() => setRemoving(m)}
                    data-testid="team-remove"
                  >
                    <UserMinus aria-hidden />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
        {data.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap" data-testid="team-invitation">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{i.email}</p>
              <p className="text-sm text-muted-foreground">{t('pending', { date: date(i.expiresAt) })}</p>
            </div>
            <Badge variant="warning">{t(`roles.${i.role}`)}</Badge>
            {canManage(myRole) && (
              <Button variant="ghost" size="icon" className="size-9" aria-label={t('revoke', { email: i.email })} title={t('revoke', { email: i.email })} onClick={() => revoke.mutate(i.id, { onError })}>
                <X aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmActionDialog action={asking} onClose={() => setAsking(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function LeaveButton() {
  const { t } = useTranslation('team');
  const errorText = useServerErrorText();
  const leave = useLeaveWorkspace();
  const [asking, setAsking] = useState<ConfirmAction | null>(null);
  const onError = (error: unknown) => toast({ title: t('actionFailed'), description: errorText(error), variant: 'destructive' });
  return (
    <div className="flex justify-end">
      <Button
        variant="outline"
        className="text-destructive"
        onClick={() =>
          setAsking({ title: t('leaveTitle'), text: t('leaveConfirm'), confirm: t('leave'), destructive: true, run: () => leave.mutateAsync(undefined, { onError }) })
        }
        data-testid="team-leave"
      >
        <LogOut aria-hidden /> {t('leave')}
      </Button>
      <ConfirmActionDialog action={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
export default TeamSection;

/** The roles an owner or admin can give (the owner's is handed over, not chosen here). */
function AssignableRoleSelect({ value, onChange, triggerProps }: { value: AssignableRole; onChange: (role: AssignableRole) => void; triggerProps: ComponentProps<typeof SelectTrigger> & { 'data-testid'?: string } }) {
  const { t } = useTranslation('team');
  return (
    <Select value={value} onValueChange={(v) => onChange(v as AssignableRole)}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="member">{t('roles.member')}</SelectItem>
        <SelectItem value="admin">{t('roles.admin')}</SelectItem>
      </SelectContent>
    </Select>
  );
}
