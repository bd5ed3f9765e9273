import { BookOpen, Check, Loader2 } from 'lucide-react';
import type { ApiLimits } from '@contract/public-api';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { openAppModal } from '@/lib/modal-bus';
import { useApiSettings } from './api/get-api-settings';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/**
 * Settings → API (issue #25): the current workspace's keys (shown once, revocable), webhook endpoints
 * and the delivery log; members see them, owner and admins change them. Below Business it shows
 * what the plan would give instead.
 */
export default function ApiSection() {
  const { t } = useTranslation('api-keys');
  const settings = useApiSettings();
  const data = settings.data;
  return (
    <section className="space-y-5" data-testid="api-section" aria-labelledby="api-section-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="api-section-title" className="font-semibold">
            {t('title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <Button asChild variant="outline" size="sm" className="shrink-0">
          <a href="/docs/api/" target="_blank" rel="noopener" data-testid="api-docs-link">
            <BookOpen aria-hidden /> {t('docs')}
          </a>
        </Button>
      </div>
      {!data ? (
        <div className="flex justify-center py-6">
          <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
        </div>
      ) : data.available ? (
        <>
          {!data.canManage && (
            <p className="rounded-xl border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="api-read-only">
              {t('readOnly')}
            </p>
          )}
          <ApiKeysCard keys={data.keys} canManage={data.canManage} />
          <WebhooksCard canManage={data.canManage} />
        </>
      ) : (
        <ApiUpsell limits={data.limits} />
      )}
    </section>
  );
}

function ApiUpsell({ limits }: { limits: ApiLimits }) {
  const { t } = useTranslation('api-keys');
  const items = [
    t('upsell.keys'),
    t('upsell.rate', { count: limits.requestsPerMinute }),
    t('upsell.concurrency', { count: limits.concurrentRenders }),
    t('upsell.webhooks'),
    t('upsell.credits'),
  ];
  return (
    <div className="rounded-2xl border bg-muted/40 p-5" data-testid="api-upsell">
      <p className="font-medium">{t('upsell.title')}</p>
      <ul className="mt-3 grid gap-2 text-sm">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden /> {item}
          </li>
        ))}
      </ul>
      <Button size="sm" className="mt-4" onClick={() => openAppModal('subscription')} data-testid="api-see-plans">
        {t('upsell.cta')}
      </Button>
    </div>
  );
}
