import { cn } from '@/lib/class-names';

export function Logo({
  className,
  wordmarkClassName,
}: {
  className?: string;
  wordmarkClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M7 15.5 16 8l9 7.5V25a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z"
          className="fill-primary-foreground"
        />
      </svg>
      <span className={cn('text-lg', wordmarkClassName)}>Raumwerk</span>
    </span>
  );
}
