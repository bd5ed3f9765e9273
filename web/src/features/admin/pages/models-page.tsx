import { ArrowDown, ArrowUp, Plus, Save, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MAX_FALLBACKS, type AdminModelsResponse, type EngineChoice, type RegistryModel } from '@contract/economics';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { formatMicros, useModelMutations, useModels } from '../api/economics';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { formatDateTime, langOf, type Lang } from '../format';

/** Issue 38: the model per service with its fallbacks, the registry's prices, and who changed what. */
export default function ModelsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const models = useModels();
  const data = models.data;
  return (
    <div className="space-y-6">
      <PageHeader title={t('models.title')} subtitle={t('models.subtitle')} />
      {models.isError ? (
        <LoadError message={t('errors.models')} onRetry={() => void models.refetch()} />
      ) : !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {data.choices.map((choice) => (
              <ChoiceCard key={choice.service} choice={choice} models={data.models} />
            ))}
          </div>
          <RegistryCard models={data.models} />
          <Card data-testid="models-log">
            <CardHeader>
              <CardTitle>{t('models.logTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.log.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('models.logEmpty')}</p>
              ) : (
                <ul className="divide-y text-sm">
                  {data.log.map((entry, i) => (
                    <li key={i} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                      <span>
                        <span className="font-medium">{t(`models.logKind.${entry.kind}`)}</span> · {entry.subject}: {describeChange(entry, lang, t)} ·{' '}
                        <span className="text-muted-foreground">{entry.changedBy}</span>
                      </span>
                      <time className="tabular-nums text-muted-foreground" dateTime={entry.changedAt}>
                        {formatDateTime(entry.changedAt, lang)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

/** What a logged change set, in a few words: the model order, the price, or the limits. */
function describeChange(entry: AdminModelsResponse['log'][number], lang: Lang, t: (key: string) => string): string {
  const d = entry.detail as { primary?: string; fallbacks?: string[]; priceMicros?: number; dailyMicros?: number | null; monthlyMicros?: number | null };
  const usd = (micros: number | null | undefined) => (micros == null ? t('budgets.none') : formatMicros(micros, 'USD', lang));
  if (entry.kind === 'choice') return [d.primary, ...(d.fallbacks ?? [])].join(' → ');
  if (entry.kind === 'price') return usd(d.priceMicros);
  return `${usd(d.dailyMicros)} / ${usd(d.monthlyMicros)}`;
}

function ChoiceCard({ choice, models }: { choice: EngineChoice; models: RegistryModel[] }) {
  const { t } = useTranslation('admin');
  const serverErrorText = useServerErrorText();
  const { choose } = useModelMutations();
  const [primary, setPrimary] = useState(choice.primary);
  const [fallbacks, setFallbacks] = useState(choice.fallbacks);
  const [onRefusal, setOnRefusal] = useState(choice.fallbackOnRefusal);
  useEffect(() => {
    setPrimary(choice.primary);
    setFallbacks(choice.fallbacks);
    setOnRefusal(choice.fallbackOnRefusal);
  }, [choice]);
  const usable = models.filter((m) => m.available && (choice.service === 'staging' || m.canDeclutter));
  const label = (id: string) => models.find((m) => m.id === id)?.label ?? id;
  const unused = usable.filter((m) => m.id !== primary && !fallbacks.includes(m.id));
  const move = (from: number, to: number) => setFallbacks((list) => {
    const next = [...list];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  });
  const save = () =>
    choose.mutate(
      { service: choice.service, primary, fallbacks, fallbackOnRefusal: onRefusal },
      {
        onSuccess: () => toast({ title: t('models.saved'), variant: 'success' }),
        onError: (error) => toast({ title: t('models.saveFailed'), description: serverErrorText(error), variant: 'destructive' }),
      },
    );
  const id = `choice-${choice.service}`;
  return (
    <Card data-testid={id}>
      <CardHeader>
        <CardTitle>{t(`models.service.${choice.service}`)}</CardTitle>
        <CardDescription>{choice.chosen ? t('models.chosen') : t('models.fromEnvironment')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-primary`}>{t('models.primary')}</Label>
          <Select value={primary} onValueChange={(value) => { setPrimary(value); setFallbacks((list) => list.filter((f) => f !== value)); }}>
            <SelectTrigger id={`${id}-primary`} data-testid={`${id}-primary`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[...new Set([primary, ...usable.map((m) => m.id)])].map((modelId) => (
                <SelectItem key={modelId} value={modelId}>
                  {label(modelId)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('models.fallbacks')}</p>
          {fallbacks.length === 0 && <p className="text-sm text-muted-foreground">{t('models.noFallbacks')}</p>}
          <ol className="space-y-2">
            {fallbacks.map((modelId, i) => (
              <li key={modelId} className="flex items-center gap-2 rounded-lg border bg-background px-3 py-1.5 text-sm">
                <span className="w-5 tabular-nums text-muted-foreground">{i + 1}.</span>
                <span className="min-w-0 flex-1 truncate">{label(modelId)}</span>
                <Button variant="ghost" size="icon" className="size-8" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('models.up')}>
                  <ArrowUp />
                </Button>
                <Button variant="ghost" size="icon" className="size-8" disabled={i === fallbacks.length - 1} onClick={() => move(i, i + 1)} aria-label={t('models.down')}>
                  <ArrowDown />
                </Button>
                <Button variant="ghost" size="icon" className="size-8" onClick={() => setFallbacks((list) => list.filter((f) => f !== modelId))} aria-label={t('models.remove')}>
                  <X />
                </Button>
              </li>
            ))}
          </ol>
          {unused.length > 0 && fallbacks.length < MAX_FALLBACKS && (
            <Select value="" onValueChange={(value) => setFallbacks((list) => [...list, value])}>
              <SelectTrigger className="w-full sm:w-auto" data-testid={`${id}-add-fallback`} aria-label={t('models.addFallback')}>
                <Plus className="size-4" aria-hidden />
                <SelectValue placeholder={t('models.addFallback')} />
              </SelectTrigger>
              <SelectContent>
                {unused.map((m) => (
                  <SelectItem key={m.id} value={m.id}>
                    {m.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
        <div className="flex items-start justify-between gap-4">
          <Label htmlFor={`${id}-refusal`} className="flex-1 leading-snug">
            {t('models.onRefusal')}
            <span className="mt-1 block text-xs font-normal text-muted-foreground">{t('models.onRefusalHint')}</span>
          </Label>
          <Switch id={`${id}-refusal`} checked={onRefusal} onCheckedChange={setOnRefusal} />
        </div>
        <Button onClick={save} disabled={choose.isPending} data-testid={`${id}-save`}>
          <Save /> {t('models.save')}
        </Button>
      </CardContent>
    </Card>
  );
}

function RegistryCard({ models }: { models: RegistryModel[] }) {
  const { t } = useTranslation('admin');
  return (
    <Card data-testid="models-registry">
      <CardHeader>
        <CardTitle>{t('models.registryTitle')}</CardTitle>
        <CardDescription>{t('models.registryHint')}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('models.model')}</th>
              <th className="hidden py-2 pr-3 font-medium md:table-cell">{t('models.sizes')}</th>
              <th className="hidden py-2 pr-3 font-medium md:table-cell">{t('models.mask')}</th>
              <th className="py-2 font-medium">{t('models.price')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {models.map((model) => (
              <RegistryRow key={model.id} model={model} />
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function RegistryRow({ model }: { model: RegistryModel }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const { price } = useModelMutations();
  const [value, setValue] = useState((model.priceMicros / 1_000_000).toString());
  useEffect(() => setValue((model.priceMicros / 1_000_000).toString()), [model.priceMicros]);
  const micros = Math.round(Number(value.replace(',', '.')) * 1_000_000);
  const valid = value.trim() !== '' && Number.isFinite(micros) && micros >= 0;
  const changed = valid && micros !== model.priceMicros;
  return (
    <tr data-testid="registry-row" className={model.available ? '' : 'text-muted-foreground'}>
      <td className="py-2.5 pr-3">
        <div className="font-medium text-foreground">{model.label}</div>
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <code>{model.id}</code>
          {!model.available && <Badge variant="outline">{t('models.noKey')}</Badge>}
        </div>
      </td>
      <td className="hidden py-2.5 pr-3 text-xs md:table-cell">{model.sizes.join(', ')}</td>
      <td className="hidden py-2.5 pr-3 text-xs md:table-cell">{model.editMask ? t('models.yes') : t('models.no')}</td>
      <td className="py-2.5">
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) price.mutate({ modelId: model.id, priceMicros: micros }, { onSuccess: () => toast({ title: t('models.priceSaved'), variant: 'success' }) });
          }}
        >
          <span className="hidden text-xs text-muted-foreground sm:inline">{model.currency}</span>
          <Input className="h-8 w-20 tabular-nums sm:w-24" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-label={t('models.priceOf', { model: model.label })} aria-invalid={!valid} />
          <Button type="submit" size="sm" variant="outline" disabled={!changed || price.isPending}>
            {t('models.savePrice')}
          </Button>
          {model.priceMicros !== model.listPriceMicros && (
            <span className="hidden text-xs text-muted-foreground xl:inline">{t('models.listPrice', { price: formatMicros(model.listPriceMicros, model.currency, lang) })}</span>
          )}
        </form>
      </td>
    </tr>
  );
}
