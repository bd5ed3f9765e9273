import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  /** A CSS colour for the icon tile, e.g. 'var(--chart-signup)'. */
  accent?: string;
  badge?: ReactNode;
  loading?: boolean;
  testId?: string;
  className?: string;
}

/** One number with its label and icon; the skeleton keeps the card's height while loading. */
export function StatCard({ label, value, hint, icon: Icon, accent = 'var(--primary)', badge, loading, testId, className }: StatCardProps) {
  return (
    <Card className={cn('relative min-w-0 overflow-hidden p-4 sm:p-5', className)} data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium leading-snug text-muted-foreground">{label}</p>
        <span
          className="flex size-8 shrink-0 sm:size-9 items-center justify-center rounded-lg"
          style={{ backgroundColor: `color-mix(in oklch, ${accent} 14%, transparent)`, color: accent }}
          aria-hidden
        >
          <Icon className="size-[18px]" />
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-9 w-24" />
      ) : (
        <div className="mt-1 flex flex-wrap items-baseline gap-2">
          <span className="text-2xl font-bold tabular-nums tracking-tight sm:text-3xl" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </span>
          {badge}
        </div>
      )}
      {hint && <p className="mt-2 hidden text-xs text-muted-foreground sm:block">{hint}</p>}
    </Card>
  );
}
