import { CircleCheck, CircleAlert, Loader2, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

const ICONS = {
  working: { Icon: Loader2, ring: 'bg-primary/10 text-primary', spin: true },
  success: { Icon: CircleCheck, ring: 'bg-success/15 text-[oklch(0.42_0.12_150)] dark:text-success', spin: false },
  sent: { Icon: MailCheck, ring: 'bg-primary/10 text-primary', spin: false },
  problem: { Icon: CircleAlert, ring: 'bg-destructive/10 text-destructive dark:text-[oklch(0.75_0.15_27)]', spin: false },
} as const;

export type PanelTone = keyof typeof ICONS;

/** The outcome of an account link (confirmed, sent, expired…): an icon, a heading, a text and what to do next. */
export function StatusPanel({
  tone,
  title,
  children,
  actions,
  testId,
}: {
  tone: PanelTone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const { Icon, ring, spin } = ICONS[tone];
  return (
    <section
      className="flex flex-col items-start"
      role={tone === 'problem' ? 'alert' : 'status'}
      aria-live="polite"
      data-testid={testId}
      data-tone={tone}
    >
      <span className={cn('flex size-14 items-center justify-center rounded-2xl', ring)}>
        <Icon className={cn('size-7', spin && 'animate-spin')} aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      {children && <div className="mt-3 space-y-3 text-muted-foreground [&_p]:leading-relaxed">{children}</div>}
      {actions && <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row">{actions}</div>}
    </section>
  );
}
