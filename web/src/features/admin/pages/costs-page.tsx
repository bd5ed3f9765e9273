import { CheckCircle2, Coins, Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { AdminCostsResponse } from '@contract/economics';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { costsUrl, useCosts } from '../api/economics';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { StatCard } from '../components/stat-card';
import { formatCount, formatEurFromCents, formatPercent, langOf, type Lang } from '../format';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Issue 38 item 3: cost per delivered image by model and plan, the lock's refusals, revenue and margin per plan; CSV of every call. */
export default function CostsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const [period, setPeriod] = useState(() => ({ from: day(new Date(Date.now() - 29 * 86_400_000)), to: day(new Date()) }));
  const costs = useCosts(period);
  const data = costs.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('costs.title')}
        subtitle={t('costs.subtitle')}
        actions={
          <Button asChild variant="outline">
            <a href={costsUrl(period, true)} download data-testid="costs-csv">
              <Download /> {t('costs.csv')}
            </a>
          </Button>
        }
      />
      <Card className="flex flex-wrap items-end gap-4 p-4 sm:p-5">
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="space-y-1.5">
            <Label htmlFor={`costs-${key}`}>{t(`costs.${key}`)}</Label>
            <Input id={`costs-${key}`} type="date" className="w-44" value={period[key]} max={day(new Date())} onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, [key]: e.target.value }))} />
          </div>
        ))}
        {data && <p className="pb-2 text-xs text-muted-foreground">{t('costs.rate', { rate: data.usdToEur })}</p>}
      </Card>
      {costs.isError ? (
        <LoadError message={t('errors.costs')} onRetry={() => void costs.refetch()} />
      ) : !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard icon={Coins} testId="costs-total" label={t('costs.totalCost')} value={formatEurFromCents(data.totals.costEurCents, lang)} />
            <StatCard icon={CheckCircle2} label={t('costs.delivered')} value={formatCount(data.totals.delivered, lang)} />
            <StatCard icon={Receipt} testId="costs-per-delivered" label={t('costs.perDelivered')} value={money(data.totals.costPerDeliveredEurCents, lang)} />
          </div>
          <ByModel rows={data.byModel} lang={lang} />
          <ByPlan rows={data.byPlan} lang={lang} />
          <CreditPacks packs={data.creditPacks} lang={lang} />
        </>
      )}
    </div>
  );
}

const money = (cents: number | null, lang: Lang) => (cents === null ? '–' : formatEurFromCents(cents, lang));

function Table({ head, children, testId }: { head: string[]; children: React.ReactNode; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm" data-testid={testId}>
        <thead className="text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {head.map((h, i) => (
              <th key={h} className={i === 0 ? 'py-2 pr-3 font-medium' : 'py-2 pl-3 text-right font-medium'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'py-2.5 pl-3 text-right';

function ByModel({ rows, lang }: { rows: AdminCostsResponse['byModel']; lang: Lang }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('costs.byModel')}</CardTitle>
        <CardDescription>{t('costs.byModelHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('costs.empty')}</p>
        ) : (
          <Table testId="costs-by-model" head={[t('costs.model'), t('costs.calls'), t('costs.delivered'), t('costs.refusalRate'), t('costs.failed'), t('costs.cost'), t('costs.perDelivered'), t('costs.latency')]}>
            {rows.map((m) => (
              <tr key={m.modelId}>
                <td className="py-2.5 pr-3 font-medium">
                  <code className="text-xs">{m.modelId}</code>
                </td>
                <td className={cell}>{formatCount(m.calls, lang)}</td>
                <td className={cell}>{formatCount(m.delivered, lang)}</td>
                <td className={cell}>{m.refusalRate === null ? '–' : formatPercent(m.refusalRate * 100, lang)}</td>
                <td className={cell}>{formatCount(m.failed, lang)}</td>
                <td className={cell}>{money(m.costEurCents, lang)}</td>
                <td className={`${cell} font-semibold`}>{money(m.costPerDeliveredEurCents, lang)}</td>
                <td className={cell}>{m.avgLatencyMs === null ? '–' : `${(m.avgLatencyMs / 1000).toFixed(1)} s`}</td>
              </tr>
            ))}
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function ByPlan({ rows, lang }: { rows: AdminCostsResponse['byPlan']; lang: Lang }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('costs.byPlan')}</CardTitle>
        <CardDescription>{t('costs.byPlanHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Table testId="costs-by-plan" head={[t('costs.plan'), t('costs.delivered'), t('costs.credits'), t('costs.cost'), t('costs.perDelivered'), t('costs.revenue'), t('costs.perCredit'), t('costs.margin')]}>
          {rows.map((p) => (
            <tr key={p.plan}>
              <td className="py-2.5 pr-3 font-medium capitalize">{p.plan}</td>
              <td className={cell}>{formatCount(p.delivered, lang)}</td>
              <td className={cell}>{formatCount(p.creditsCharged, lang)}</td>
              <td className={cell}>{money(p.costEurCents, lang)}</td>
              <td className={cell}>{money(p.costPerDeliveredEurCents, lang)}</td>
              <td className={cell}>{money(p.revenueEurCents, lang)}</td>
              <td className={cell}>{money(p.revenuePerCreditEurCents, lang)}</td>
              <td className={`${cell} font-semibold ${p.marginEurCents < 0 ? 'text-destructive' : ''}`}>{money(p.marginEurCents, lang)}</td>
            </tr>
          ))}
        </Table>
      </CardContent>
    </Card>
  );
}

function CreditPacks({ packs, lang }: { packs: AdminCostsResponse['creditPacks']; lang: Lang }) {
  const { t } = useTranslation('admin');
  const rows: Array<[string, string]> = [
    [t('costs.packs.sold'), formatCount(packs.sold, lang)],
    [t('costs.packs.creditsSold'), formatCount(packs.creditsSold, lang)],
    [t('costs.packs.revenue'), money(packs.revenueEurCents, lang)],
    [t('costs.packs.refunded'), money(packs.refundedEurCents, lang)],
    [t('costs.packs.charged'), formatCount(packs.creditsCharged, lang)],
    [t('costs.packs.outstanding'), formatCount(packs.creditsOutstanding, lang)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('costs.packs.title')}</CardTitle>
        <CardDescription>{t('costs.packs.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3" data-testid="costs-credit-packs">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
