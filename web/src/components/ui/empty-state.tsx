import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';

/**
 * A centred notice with an icon, a title, a sentence and one way on: empty lists ("no projects
 * yet") and missing things ("project not found").
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  variant = 'empty',
  'data-testid': testId,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action: { href: string; label: string; icon: LucideIcon };
  /** `empty`: a dashed panel inside a page; `missing`: the page itself, with an h1. */
  variant?: 'empty' | 'missing';
  'data-testid'?: string;
}) {
  const missing = variant === 'missing';
  const Heading = missing ? 'h1' : 'h2';
  const ActionIcon = action.icon;
  return (
    <div
      className={cn(
        'flex flex-col items-center text-center',
        missing ? 'mx-auto w-full max-w-lg px-6 py-24' : 'rounded-2xl border border-dashed bg-card/50 px-6 py-16',
      )}
      data-testid={testId}
    >
      <span className={cn('grid size-16 place-items-center rounded-2xl', missing ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary')}>
        <Icon className="size-8" aria-hidden />
      </span>
      <Heading className={cn('mt-5', missing ? 'text-2xl font-bold tracking-tight' : 'text-xl font-semibold')}>{title}</Heading>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      <Button asChild className="mt-6">
        <Link href={action.href}>
          <ActionIcon aria-hidden /> {action.label}
        </Link>
      </Button>
    </div>
  );
}

