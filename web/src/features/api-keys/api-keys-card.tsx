import { KeyRound, Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_NAME_MAX, API_SCOPES, type ApiKeySummary, type ApiScope, type CreateApiKeyResponse } from '@contract/public-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useCreateApiKey, useRevokeApiKey } from './api/manage-api-keys';
import { formatWhen } from './format-when';
import { ShownOnce } from './shown-once';

/** The keys: create (name and scopes; the key and its signing secret shown once), list with prefix, creator and last use, revoke (owner and admins). */
export function ApiKeysCard({ keys, canManage }: { keys: ApiKeySummary[]; canManage: boolean }) {
  const { t, i18n } = useTranslation('api-keys');
  const serverErrorText = useServerErrorText();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['stage', 'read']);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  /** Who created the key (decision 050): a former member's keys are revoked unless someone kept them. */
  const creatorText = ({ createdBy }: ApiKeySummary) =>
    !createdBy ? t('keys.createdByGone') : t(createdBy.member ? 'keys.createdBy' : 'keys.createdByFormer', { name: createdBy.name });
  const toggle = (scope: ApiScope) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), scopes }, { onSuccess: (result) => (setCreated(result), setName('')) });
  };
  return (
    <section aria-labelledby="api-keys-title" className="rounded-xl border p-5">
      <h4 id="api-keys-title" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden /> {t('keys.title')}
      </h4>
      <p className="mt-1 text-sm text-muted-foreground">{t('keys.text')}</p>

      {created && (
        <div className="mt-4 grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4" role="status" data-testid="api-key-created">
          <p className="text-sm font-medium">{t('keys.createdTitle', { name: created.apiKey.name })}</p>
          <ShownOnce label={t('keys.secret')} value={created.key} testId="api-key-secret" />
          <ShownOnce label={t('keys.signingSecret')} value={created.signingSecret} testId="api-key-signing-secret" />
          <p className="text-xs text-muted-foreground">{t('keys.shownOnce')}</p>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setCreated(null)}>
            {t('keys.done')}
          </Button>
        </div>
      )}

      {canManage && (
        <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="api-key-form">
          <div className="grid gap-1.5">
            <Label htmlFor="api-key-name">{t('keys.name')}</Label>
            <Input id="api-key-name" value={name} maxLength={API_KEY_NAME_MAX} placeholder={t('keys.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0} data-testid="api-key-create">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} {t('keys.create')}
          </Button>
          <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
            <legend className="sr-only">{t('keys.scopes')}</legend>
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={scopes.includes(scope)} onChange={() => toggle(scope)} data-testid={`api-scope-${scope}`} />
                <span>
                  <span className="font-medium">{scope}</span> <span className="text-muted-foreground">– {t(`scopes.${scope}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {create.error && (
            <p className="text-sm text-destructive sm:col-span-2" role="alert">
              {serverErrorText(create.error)}
            </p>
          )}
        </form>
      )}

      {keys.length > 0 && (
        <ul className="mt-5 divide-y rounded-xl border" data-testid="api-key-list">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{key.name}</span>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="secondary">
                      {scope}
                    </Badge>
                  ))}
                  {key.revokedAt && <Badge variant="destructive">{t('keys.revoked')}</Badge>}
                  {key.keptBy && !key.revokedAt && <Badge variant="warning">{t('keys.keptBy', { name: key.keptBy })}</Badge>}
                </p>
                <p className="mt-0.5 text-xs text-muted-foreground" data-testid="api-key-facts">
                  <code className="font-mono">{key.prefix}…</code> · {creatorText(key)} · {t('keys.lastUsed')}: {key.lastUsedAt ? formatWhen(key.lastUsedAt, i18n.language) : t('keys.never')}
                  {key.revokedReason === 'member_removed' && <> · {t('keys.revokedWithMember')}</>}
                </p>
              </div>
              {canManage && !key.revokedAt && (
                <Button type="button" variant="outline" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(key.id)} data-testid="api-key-revoke">
                  {t('keys.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
