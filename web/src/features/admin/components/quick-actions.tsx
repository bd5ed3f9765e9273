import { BarChart3, ChevronRight, ExternalLink, MonitorPlay, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/class-names';

const ROW = 'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2';

function Row({ icon: Icon, title, text, external }: { icon: LucideIcon; title: string; text: string; external?: boolean }) {
  return (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary" aria-hidden>
        <Icon className="size-[18px]" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block truncate text-xs text-muted-foreground">{text}</span>
      </span>
      {external ? (
        <ExternalLink className="size-4 text-muted-foreground" aria-hidden />
      ) : (
        <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5" aria-hidden />
      )}
    </>
  );
}

export function QuickActions({ className }: { className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Card className={cn('flex flex-col', className)} data-testid="quick-actions">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('quickActions.title')}</CardTitle>
        <CardDescription>{t('quickActions.description')}</CardDescription>
      </CardHeader>
      <nav className="flex flex-col gap-0.5 px-3 pb-4">
        <Link href="/analytics" className={ROW}>
          <Row icon={BarChart3} title={t('nav.analytics')} text={t('quickActions.analytics')} />
        </Link>
        <Link href="/user" className={ROW}>
          <Row icon={Users} title={t('nav.users')} text={t('quickActions.users')} />
        </Link>
        <Link href="/console" className={ROW}>
          <Row icon={MonitorPlay} title={t('nav.console')} text={t('quickActions.console')} />
        </Link>
        <a href="/" target="_blank" rel="noopener" className={ROW}>
          <Row icon={ExternalLink} title="Raumwerk" text={t('quickActions.openApp')} external />
        </a>
      </nav>
    </Card>
  );
}
