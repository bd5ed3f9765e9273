import { CalendarClock, Loader2, Trash2, TriangleAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { errorCodeOf, useServerErrorText } from '@/i18n/server-error-text';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import {
  useAccountDeletion,
  useCancelAccountDeletion,
  useRequestAccountDeletion,
} from './api/account-deletion';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Account deletion (spec §2/§4): request with confirmation → pending for 7 days with its date → cancel.
 * An owner or payer of a workspace others are in is sent to Settings → Team first (409
 * `workspace_has_members`, decision 046).
 */
export function DeletionSection({ email, onClose, onOpenTeam }: { email: string; onClose(): void; onOpenTeam(): void }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const errorText = useServerErrorText();
  const state = useAccountDeletion();
  const request = useRequestAccountDeletion();
  const cancel = useCancelAccountDeletion();
  const [confirming, setConfirming] = useState(false);
  const [teamFirst, setTeamFirst] = useState(false);
  const pending = state.data?.status === 'pending';
  const date = state.data?.scheduledFor
    ? new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
      }).format(new Date(state.data.scheduledFor))
    : null;

  const confirm = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: t('deletion.requested'),
          description: t('deletion.requestedText', { days: ACCOUNT_DELETION_GRACE_DAYS }),
        });
      },
      onError: (error) => {
        if (errorCodeOf(error) === 'workspace_has_members') {
          setConfirming(false);
          setTeamFirst(true);
          return;
        }
        toast({ title: t('deletion.requestFailed'), description: errorText(error), variant: 'destructive' });
      },
    });
  const undo = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: t('deletion.cancelled'), variant: 'success' }),
      onError: () => toast({ title: t('deletion.cancelFailed'), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-5">
      {pending ? (
        <section
          aria-labelledby="deletion-pending-title"
          className="rounded-xl border border-warning/60 bg-warning/10 p-5"
          data-testid="deletion-pending"
        >
          <h3 id="deletion-pending-title" className="flex items-center gap-2 font-semibold">
            <CalendarClock className="size-5 shrink-0" aria-hidden /> {t('deletion.pendingTitle')}
          </h3>
          <p className="mt-2 text-sm leading-relaxed">
            {date ? t('deletion.pendingText', { date }) : t('deletion.pendingTextNoDate')}
          </p>
          <Button
            className="mt-4"
            variant="outline"
            onClick={undo}
            disabled={cancel.isPending}
            data-testid="cancel-deletion-button"
          >
            {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {t('deletion.cancelButton')}
          </Button>
        </section>
      ) : (
        <section
          aria-labelledby="deletion-title"
          className="rounded-xl border border-destructive/40 p-5"
        >
          <h3
            id="deletion-title"
            className="flex items-center gap-2 font-semibold text-destructive dark:text-[oklch(0.75_0.15_27)]"
          >
            <TriangleAlert className="size-5 shrink-0" aria-hidden /> {t('deletion.title')}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
            {t('deletion.text', { days: ACCOUNT_DELETION_GRACE_DAYS })}
          </p>
          {teamFirst && (
            <div role="alert" className="mt-4 rounded-lg border bg-muted/40 p-4" data-testid="deletion-team-first">
              <p className="flex items-center gap-2 font-medium">
                <Users className="size-4 shrink-0" aria-hidden /> {t('deletion.team.title')}
              </p>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t('deletion.team.text')}</p>
              <Button className="mt-3" size="sm" variant="outline" onClick={onOpenTeam} data-testid="deletion-open-team">
                {t('deletion.team.open')}
              </Button>
            </div>
          )}
          {state.isError && (
            <p className="mt-2 text-sm text-muted-foreground">{t('deletion.statusUnavailable')}</p>
          )}
          <Button
            className="mt-4"
            variant="destructive"
            onClick={() => setConfirming(true)}
            disabled={state.isLoading}
            data-testid="delete-account-button"
          >
            <Trash2 aria-hidden /> {t('deletion.button')}
          </Button>
        </section>
      )}
      <div className="flex justify-end border-t pt-5">
        <Button type="button" variant="outline" onClick={onClose}>
          {tc('common.close')}
        </Button>
      </div>
      <DeleteAccountDialog
        open={confirming}
        email={email}
        busy={request.isPending}
        onConfirm={confirm}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
