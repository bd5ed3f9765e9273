import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { WorkspaceMember } from '@contract/workspaces';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useRemoveMember } from './api/team';
import { ConfirmActionDialog } from './confirm-action-dialog';

/**
 * Asks before removing a member (decision 050). When they created API keys, the dialog names each
 * key: all are revoked with the removal unless the remover ticks "Keep", knowing that the member has
 * seen the key and may still hold it; the owner is mailed either way.
 */
export function RemoveMemberDialog({ member, onClose }: { member: WorkspaceMember | null; onClose(): void }) {
  const { t } = useTranslation('team');
  const errorText = useServerErrorText();
  const remove = useRemoveMember();
  const [keep, setKeep] = useState<string[]>([]);
  const close = () => {
    setKeep([]);
    onClose();
  };
  if (!member) return <ConfirmActionDialog action={null} onClose={close} />;
  const name = member.name ?? member.email;
  const keys = member.apiKeys;
  const toggle = (id: string, on: boolean) => setKeep((ids) => (on ? [...ids, id] : ids.filter((k) => k !== id)));
  const run = () =>
    remove.mutateAsync(
      { userId: member.userId, keepApiKeyIds: keep },
      {
        onSuccess: (result) => result.revokedApiKeys.length > 0 && toast({ title: t('removeKeys.done', { name, count: result.revokedApiKeys.length }), variant: 'success' }),
        onError: (error) => toast({ title: t('actionFailed'), description: errorText(error), variant: 'destructive' }),
      },
    );
  const details = keys.length > 0 && (
    <div className="grid gap-3 text-sm" data-testid="team-remove-keys">
      <p className="leading-relaxed">{t('removeKeys.intro', { name, count: keys.length })}</p>
      <ul className="grid gap-2 rounded-lg border p-3">
        {keys.map((key) => (
          <li key={key.id}>
            <label className="flex cursor-pointer items-start gap-2.5">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={keep.includes(key.id)}
                onChange={(event) => toggle(key.id, event.target.checked)}
                data-testid="team-keep-key"
              />
              <span className="min-w-0 break-words">
                <KeyRound className="mr-1.5 inline size-3.5 align-[-2px] text-muted-foreground" aria-hidden />
                {t('removeKeys.keep', { key: key.name, prefix: key.prefix })}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-xs leading-relaxed text-muted-foreground">{t('removeKeys.keepHint', { name })}</p>
      {keep.length > 0 && (
        <p role="status" className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-2.5 text-xs leading-relaxed" data-testid="team-kept-warning">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          {t('removeKeys.keptWarning', { name, count: keep.length })}
        </p>
      )}
    </div>
  );
  return (
    <ConfirmActionDialog
      action={{ title: t('removeTitle'), text: t('removeConfirm', { name }), confirm: t('removeAction'), destructive: true, details, run }}
      onClose={close}
    />
  );
}
