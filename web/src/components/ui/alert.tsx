import { cva, type VariantProps } from 'class-variance-authority';
import { AlertCircle, AlertTriangle, Info } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/class-names';

const alertVariants = cva('@container relative flex gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-border bg-muted/50 text-foreground [&>svg]:text-muted-foreground',
      warning: 'border-warning/50 bg-warning/10 text-foreground [&>svg]:text-warning',
      destructive: 'border-destructive/40 bg-destructive/8 text-foreground [&>svg]:text-destructive dark:bg-destructive/15',
    },
  },
  defaultVariants: { variant: 'info' },
});

const ICONS = { info: Info, warning: AlertTriangle, destructive: AlertCircle } as const;

export interface AlertProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'>, VariantProps<typeof alertVariants> {
  title?: React.ReactNode;
  /** Buttons shown under the text, or beside it when the box is wide enough. */
  action?: React.ReactNode;
}

/** A message box: info, warning or destructive (the latter is announced as an alert). */
export function Alert({ className, variant, title, action, children, role, ...props }: AlertProps) {
  const Icon = ICONS[variant ?? 'info'];
  return (
    <div role={role ?? (variant === 'destructive' ? 'alert' : 'status')} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-3 @md:flex-row @md:items-center @md:justify-between">
        <div className="min-w-0 space-y-1">
          {title && <p className="font-semibold leading-tight">{title}</p>}
          {children && <div className="text-muted-foreground [&_p]:leading-relaxed">{children}</div>}
        </div>
        {action && <div className="flex shrink-0 gap-2">{action}</div>}
      </div>
    </div>
  );
}
