import { Building2, Inbox, Mail, MailWarning, Users } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSalesInquiries } from '../api/get-sales-inquiries';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { formatDateTime, langOf } from '../format';

/** "Contact sales" requests (issue #11), newest first. */
export default function SalesPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const inquiries = useSalesInquiries();
  const list = inquiries.data?.inquiries;
  return (
    <div className="space-y-6">
      <PageHeader title={t('sales.title')} subtitle={t('sales.subtitle')} />
      {inquiries.isError ? (
        <LoadError message={t('errors.sales')} onRetry={() => void inquiries.refetch()} />
      ) : !list ? (
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-muted-foreground" data-testid="sales-empty">
          <Inbox className="size-7" aria-hidden />
          {t('sales.empty')}
        </Card>
      ) : (
        <ul className="space-y-3" data-testid="sales-list">
          {list.map((inquiry) => (
            <li key={inquiry.id}>
              <Card className="gap-0 p-4 sm:p-5" data-testid="sales-row">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-semibold">
                      <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="truncate">{inquiry.company}</span>
                    </p>
                    <p className="mt-0.5 text-sm">
                      {inquiry.name} ·{' '}
                      <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${inquiry.email}`}>
                        {inquiry.email}
                      </a>
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {inquiry.seats !== null && (
                      <Badge variant="outline" className="gap-1">
                        <Users className="size-3" aria-hidden /> {t('sales.seats', { count: inquiry.seats })}
                      </Badge>
                    )}
                    <Badge variant={inquiry.mailed ? 'success' : 'warning'} className="gap-1">
                      {inquiry.mailed ? <Mail className="size-3" aria-hidden /> : <MailWarning className="size-3" aria-hidden />}
                      {inquiry.mailed ? t('sales.mailed') : t('sales.notMailed')}
                    </Badge>
                    <time dateTime={inquiry.createdAt} className="tabular-nums">
                      {formatDateTime(inquiry.createdAt, lang)}
                    </time>
                  </div>
                </div>
                <p className="mt-3 whitespace-pre-line border-t pt-3 text-sm leading-relaxed">{inquiry.message}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
