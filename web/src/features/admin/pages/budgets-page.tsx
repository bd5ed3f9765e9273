import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ProviderSpend } from '@contract/economics';
import { useTranslation } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { formatMicros, useBudgetMutation, useBudgets } from '../api/economics';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { langOf } from '../format';

/** Issue 38 item 4: a daily and monthly spending limit per provider, with what was spent. */
export default function BudgetsPage() {
  const { t } = useTranslation('admin');
  const budgets = useBudgets();
  return (
    <div className="space-y-6">
      <PageHeader title={t('budgets.title')} subtitle={t('budgets.subtitle')} />
      {budgets.isError ? (
        <LoadError message={t('errors.budgets')} onRetry={() => void budgets.refetch()} />
      ) : !budgets.data ? (
        <Skeleton className="h-80 w-full" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {budgets.data.providers.map((p) => (
            <ProviderBudget key={p.provider} spend={p} />
          ))}
        </div>
      )}
    </div>
  );
}

export const STATE_BADGE = { ok: 'success', warning: 'warning', reached: 'destructive' } as const;

const units = (micros: number | null) => (micros === null ? '' : String(micros / 1_000_000));
const toMicros = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 1_000_000));

function ProviderBudget({ spend }: { spend: ProviderSpend }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const save = useBudgetMutation();
  const [daily, setDaily] = useState(units(spend.dailyMicros));
  const [monthly, setMonthly] = useState(units(spend.monthlyMicros));
  const [fallback, setFallback] = useState(spend.fallbackWhenReached);
  useEffect(() => {
    setDaily(units(spend.dailyMicros));
    setMonthly(units(spend.monthlyMicros));
    setFallback(spend.fallbackWhenReached);
  }, [spend]);
  const dailyMicros = toMicros(daily);
  const monthlyMicros = toMicros(monthly);
  const valid = [dailyMicros, monthlyMicros].every((v) => v === null || (Number.isFinite(v) && v >= 0));
  const id = `budget-${spend.provider}`;
  const money = (micros: number) => formatMicros(micros, spend.currency, lang);
  const bars = [
    { key: 'today', spent: spend.spentTodayMicros, limit: spend.dailyMicros },
    { key: 'month', spent: spend.spentMonthMicros, limit: spend.monthlyMicros },
  ];
  return (
    <Card data-testid={id} data-state={spend.state}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{t(`budgets.provider.${spend.provider}`, { defaultValue: spend.provider })}</CardTitle>
          <CardDescription>{t('budgets.currency', { currency: spend.currency })}</CardDescription>
        </div>
        <Badge variant={STATE_BADGE[spend.state]}>{t(`budgets.state.${spend.state}`)}</Badge>
      </CardHeader>
      <CardContent className="space-y-5">
        {bars.map((bar) => (
          <div key={bar.key} className="space-y-1.5">
            <div className="flex justify-between gap-2 text-sm">
              <span className="text-muted-foreground">{t(`budgets.${bar.key}`)}</span>
              <span className="tabular-nums">
                {bar.limit === null ? t('budgets.spentNoLimit', { spent: money(bar.spent) }) : t('budgets.spentOf', { spent: money(bar.spent), limit: money(bar.limit) })}
              </span>
            </div>
            <Progress value={bar.limit ? Math.min(100, (bar.spent / bar.limit) * 100) : 0} aria-label={t(`budgets.${bar.key}`)} />
          </div>
        ))}
        <form
          className="space-y-4 border-t pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            save.mutate(
              { provider: spend.provider, dailyMicros, monthlyMicros, fallbackWhenReached: fallback },
              { onSuccess: () => toast({ title: t('budgets.saved'), variant: 'success' }), onError: () => toast({ title: t('budgets.saveFailed'), variant: 'destructive' }) },
            );
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-daily`}>{t('budgets.daily', { currency: spend.currency })}</Label>
              <Input id={`${id}-daily`} inputMode="decimal" placeholder={t('budgets.none')} value={daily} onChange={(e) => setDaily(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-monthly`}>{t('budgets.monthly', { currency: spend.currency })}</Label>
              <Input id={`${id}-monthly`} inputMode="decimal" placeholder={t('budgets.none')} value={monthly} onChange={(e) => setMonthly(e.target.value)} />
            </div>
          </div>
          <div className="flex items-start justify-between gap-4">
            <Label htmlFor={`${id}-fallback`} className="flex-1 leading-snug">
              {t('budgets.fallback')}
              <span className="mt-1 block text-xs font-normal text-muted-foreground">{t('budgets.fallbackHint')}</span>
            </Label>
            <Switch id={`${id}-fallback`} checked={fallback} onCheckedChange={setFallback} />
          </div>
          <Button type="submit" disabled={!valid || save.isPending} data-testid={`${id}-save`}>
            <Save /> {t('budgets.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
