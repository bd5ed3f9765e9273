import { Loader2, Plus, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { CreateWebhookEndpointResponse, WebhookDeliverySummary } from '@contract/public-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useWebhookSettings } from './api/webhooks';
import { formatWhen } from './format-when';
import { ShownOnce } from './shown-once';

const stateVariant = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;

/** Webhook endpoints (each with its own signing secret, shown once; added and removed by owner and admins) and the log of recent deliveries. */
export function WebhooksCard({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation('api-keys');
  const serverErrorText = useServerErrorText();
  const settings = useWebhookSettings(true);
  const create = useCreateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<CreateWebhookEndpointResponse | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(url.trim(), { onSuccess: (result) => (setCreated(result), setUrl('')) });
  };
  const data = settings.data;
  return (
    <section aria-labelledby="webhooks-title" className="rounded-xl border p-5" data-testid="webhooks-card">
      <h4 id="webhooks-title" className="flex items-center gap-2 font-semibold">
        <Webhook className="size-5 shrink-0 text-muted-foreground" aria-hidden /> {t('webhooks.title')}
      </h4>
      <p className="mt-1 text-sm text-muted-foreground">{t('webhooks.text')}</p>
      {created && (
        <div className="mt-4 grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4" role="status">
          <ShownOnce label={t('webhooks.secret')} value={created.secret} testId="webhook-secret" />
          <p className="text-xs text-muted-foreground">{t('keys.shownOnce')}</p>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setCreated(null)}>
            {t('keys.done')}
          </Button>
        </div>
      )}
      {canManage && (
        <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="webhook-url">{t('webhooks.url')}</Label>
            <Input id="webhook-url" type="url" inputMode="url" value={url} placeholder="https://example.com/raumwerk" onChange={(e) => setUrl(e.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending || !url.trim()} data-testid="webhook-add">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} {t('webhooks.add')}
          </Button>
          {create.error && (
            <p className="text-sm text-destructive sm:col-span-2" role="alert">
              {serverErrorText(create.error)}
            </p>
          )}
        </form>
      )}
      {data && data.endpoints.length > 0 && (
        <ul className="mt-4 divide-y rounded-xl border">
          {data.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex items-center justify-between gap-3 p-3">
              <code className="min-w-0 truncate font-mono text-xs">{endpoint.url}</code>
              {canManage && (
                <Button type="button" variant="ghost" size="icon" aria-label={t('webhooks.remove')} onClick={() => remove.mutate(endpoint.id)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h5 className="mt-5 text-sm font-semibold">{t('webhooks.log')}</h5>
      {data && data.deliveries.length > 0 ? (
        <ul className="mt-2 divide-y rounded-xl border text-sm" data-testid="webhook-log">
          {data.deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} language={i18n.language} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t('webhooks.noDeliveries')}</p>
      )}
    </section>
  );
}

function DeliveryRow({ delivery, language }: { delivery: WebhookDeliverySummary; language: string }) {
  const { t } = useTranslation('api-keys');
  return (
    <li className="grid gap-1 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={stateVariant[delivery.state]}>{t(`webhooks.state.${delivery.state}`)}</Badge>
        <span className="font-medium">{delivery.eventType}</span>
        <span className="text-xs text-muted-foreground">{formatWhen(delivery.createdAt, language)}</span>
      </div>
      <p className="break-all text-xs text-muted-foreground">
        {delivery.url} · {t('webhooks.attempts', { count: delivery.attempts })}
        {delivery.lastStatus !== null && ` · HTTP ${delivery.lastStatus}`}
        {delivery.lastError && delivery.state !== 'delivered' && delivery.lastError !== `HTTP ${delivery.lastStatus}` && ` · ${delivery.lastError}`}
      </p>
    </li>
  );
}
