import {
  Cpu,
  CreditCard,
  Gauge,
  Database,
  HardDrive,
  ListChecks,
  Mail,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { AdminSystemResponse } from '@contract/admin';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { useSystem } from '../api/get-system';
import { LoadError } from './load-error';

type Level = 'ok' | 'warn' | 'down' | 'info';
const DOT: Record<Level, string> = {
  ok: 'bg-success',
  warn: 'bg-warning',
  down: 'bg-destructive',
  info: 'bg-muted-foreground/50',
};

function StatusRow({
  icon: Icon,
  label,
  reading,
  level,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  reading: string;
  level: Level;
  testId: string;
}) {
  return (
    <li
      className="flex items-center gap-3 px-4 py-3 sm:px-6"
      data-testid={testId}
      data-level={level}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {/* The label keeps its words whole; a long reading wraps in the space left (issue #35: not one letter per line). */}
      <span className="shrink-0 whitespace-nowrap text-sm font-medium">{label}</span>
      <span className="flex min-w-0 flex-1 items-center justify-end gap-2 text-right text-sm text-muted-foreground">
        <span className="min-w-0 text-pretty">{reading}</span>
        <span className={cn('size-2 shrink-0 rounded-full', DOT[level])} aria-hidden />
      </span>
    </li>
  );
}

/** The providers' spending against their limits (issue 38): the worst state decides the dot. */
function spendingRow(s: AdminSystemResponse, t: (key: string, options?: Record<string, unknown>) => string) {
  const spending = s.providerSpending;
  const named = (state: 'warning' | 'reached') =>
    spending!.filter((p) => p.state === state).map((p) => t(`budgets.provider.${p.provider}`, { defaultValue: p.provider })).join(', ');
  const reached = spending?.some((p) => p.state === 'reached');
  const warning = spending?.some((p) => p.state === 'warning');
  return {
    key: 'spending',
    icon: Gauge,
    label: t('system.spending'),
    reading: !spending
      ? t('system.spendingUnknown')
      : reached
        ? t('system.spendingReached', { providers: named('reached') })
        : warning
          ? t('system.spendingWarning', { providers: named('warning') })
          : t('system.spendingOk'),
    level: (!spending ? 'info' : reached ? 'down' : warning ? 'warn' : 'ok') as Level,
  };
}

function rows(
  s: AdminSystemResponse,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const q = s.jobQueue;
  const queueReading =
    q.status !== 'ok'
      ? t('system.jobQueueDown')
      : [
          t('system.jobQueueReading', { queued: q.queued, active: q.active }),
          q.failed > 0 ? t('system.jobQueueFailed', { count: q.failed }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  return [
    {
      key: 'database',
      icon: Database,
      label: t('system.database'),
      reading:
        s.database.status === 'ok'
          ? t('system.databaseOk', { ms: s.database.latencyMs ?? 0 })
          : t('system.databaseDown'),
      level: (s.database.status === 'ok' ? 'ok' : 'down') as Level,
    },
    {
      key: 'queue',
      icon: ListChecks,
      label: t('system.jobQueue'),
      reading: queueReading,
      level: (q.status !== 'ok' ? 'down' : q.failed > 0 ? 'warn' : 'ok') as Level,
    },
    {
      key: 'mail',
      icon: Mail,
      label: t('system.mail'),
      reading: !s.mail
        ? t('system.mailUnknown')
        : s.mail.failed > 0
          ? t('system.mailFailed', { count: s.mail.failed })
          : t('system.mailOk'),
      level: (!s.mail ? 'info' : s.mail.failed > 0 ? 'warn' : 'ok') as Level,
    },
    {
      key: 'engine',
      icon: Cpu,
      label: t('system.engine'),
      reading: t(`system.engines.${s.stagingEngine}`, { defaultValue: s.stagingEngine }),
      level: (s.stagingEngine === 'offline' ? 'info' : 'ok') as Level,
    },
    spendingRow(s, t),
    {
      key: 'storage',
      icon: HardDrive,
      label: t('system.storage'),
      reading: s.storageDriver === 's3' ? t('system.storageS3') : t('system.storageLocal'),
      level: 'ok' as Level,
    },
    {
      key: 'billing',
      icon: CreditCard,
      label: t('system.billing'),
      reading: s.billingConfigured ? t('system.billingOn') : t('system.billingOff'),
      level: (s.billingConfigured ? 'ok' : 'warn') as Level,
    },
  ];
}

/** The outbox's latest give-ups: which mail, the recipient's domain and the SMTP error (decision 033). */
function MailFailures({
  failures,
  locale,
}: {
  failures: NonNullable<AdminSystemResponse['mail']>['latest'];
  locale: string;
}) {
  const { t } = useTranslation('admin');
  if (failures.length === 0) return null;
  return (
    <div className="border-t px-4 py-3 sm:px-6" data-testid="system-mail-failures">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {t('system.mailFailuresTitle')}
      </p>
      <ul className="space-y-2">
        {failures.map((f) => (
          <li key={`${f.failedAt}-${f.recipientDomain}`} className="text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">
                {t('system.mailFailureLine', {
                  template: t(`system.mailTemplates.${f.template}`, { defaultValue: f.template }),
                  domain: f.recipientDomain,
                })}
              </span>
              <time className="text-xs text-muted-foreground" dateTime={f.failedAt}>
                {new Date(f.failedAt).toLocaleString(locale, {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
              </time>
            </div>
            <p className="break-words font-mono text-xs text-muted-foreground">{f.error}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Real readings from GET /api/admin/system. */
export function SystemStatus({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const system = useSystem();
  const checked = system.data
    ? new Date(system.data.checkedAt).toLocaleTimeString(
        i18n.language === 'de' ? 'de-DE' : 'en-US',
        { hour: '2-digit', minute: '2-digit' },
      )
    : null;
  return (
    <Card className={cn('flex flex-col', className)} data-testid="system-status">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
        <div className="space-y-1.5">
          <CardTitle className="text-base">{t('system.title')}</CardTitle>
          <CardDescription>{t('system.description')}</CardDescription>
        </div>
        {checked && (
          <span className="shrink-0 text-xs text-muted-foreground">
            {t('system.checked', { time: checked })}
          </span>
        )}
      </CardHeader>
      {system.isError ? (
        <div className="px-6 pb-6">
          <LoadError message={t('errors.system')} onRetry={() => void system.refetch()} />
        </div>
      ) : (
        <ul className="divide-y border-t pb-1">
          {system.data
            ? rows(system.data, t).map(({ key, ...row }) => (
                <StatusRow key={key} testId={`system-${key}`} {...row} />
              ))
            : Array.from({ length: 6 }, (_, i) => (
                <li key={i} className="px-6 py-3">
                  <Skeleton className="h-5 w-full" />
                </li>
              ))}
        </ul>
      )}
      {system.data?.mail && (
        <MailFailures
          failures={system.data.mail.latest}
          locale={i18n.language === 'de' ? 'de-DE' : 'en-US'}
        />
      )}
    </Card>
  );
}
