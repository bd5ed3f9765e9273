import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

/** A numbered step of the staging form. */
export function FormSection({
  step,
  title,
  hint,
  optional,
  children,
  className,
  id,
}: {
  step: number;
  title: string;
  hint?: string;
  optional?: string;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      className={cn('rounded-2xl border bg-card p-5 shadow-xs sm:p-6', className)}
      aria-labelledby={id}
    >
      <div className="mb-5 flex items-start gap-3">
        <span
          className="grid size-7 shrink-0 place-items-center rounded-full bg-primary/12 text-sm font-semibold text-primary"
          aria-hidden
        >
          {step}
        </span>
        <div className="min-w-0">
          <h2 id={id} className="font-semibold leading-7 tracking-tight">
            {title}
            {optional && (
              <span className="ml-2 text-sm font-normal text-muted-foreground">({optional})</span>
            )}
          </h2>
          {hint && <p className="mt-0.5 text-sm text-muted-foreground">{hint}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
