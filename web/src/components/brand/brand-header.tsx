import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BrandIdentity } from '@contract/branding';
import { cn } from '@/lib/class-names';

/**
 * A workspace's header on its public pages (decision 045), in place of Raumwerk's: a stripe in the
 * accent colour, the logo (on a white chip in dark mode, where a dark logo would vanish) and/or the
 * display name, the phone and e-mail (beside the name from lg, on a line of their own below on phones and tablets). `compact`: the live preview in Settings → Branding.
 */
export function BrandHeader({ brand, actions, className, compact = false }: { brand: BrandIdentity; actions?: ReactNode; className?: string; compact?: boolean }) {
  const name = brand.displayName;
  return (
    <header className={cn('border-b bg-background', className)} data-testid="brand-header">
      <div className="h-1 w-full" style={{ backgroundColor: brand.accentColor ?? 'var(--primary)' }} aria-hidden />
      <div className="mx-auto flex min-h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 py-2.5 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          {brand.logoUrl && (
            <img
              src={brand.logoUrl}
              alt={name ?? ''}
              width={brand.logoWidth ?? undefined}
              height={brand.logoHeight ?? undefined}
              className="h-9 w-auto max-w-[50vw] rounded-md object-contain sm:h-11 sm:max-w-[260px] dark:bg-white dark:px-2 dark:py-1"
              data-testid="brand-logo"
            />
          )}
          {name && (
            <span
              className={cn('truncate font-semibold tracking-tight', brand.logoUrl ? (compact ? 'hidden' : 'hidden text-base text-muted-foreground lg:inline') : 'text-lg')}
              data-testid="brand-name"
            >
              {name}
            </span>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-4">
          {brand.phone && (
            <a href={`tel:${brand.phone.replace(/[^+0-9]/g, '')}`} className={cn('hidden items-center gap-1.5 text-sm font-medium hover:underline', compact ? 'sm:inline-flex' : 'lg:inline-flex')}>
              <Phone className="size-4" style={{ color: brand.accentColor ?? undefined }} aria-hidden /> {brand.phone}
            </a>
          )}
          {brand.email && !compact && (
            <a href={`mailto:${brand.email}`} className="hidden items-center gap-1.5 text-sm font-medium hover:underline lg:inline-flex">
              <Mail className="size-4" style={{ color: brand.accentColor ?? undefined }} aria-hidden /> {brand.email}
            </a>
          )}
          {actions}
        </div>
      </div>
      {/* Below lg: the contact on its own line under the logo, so a buyer can call or write from the first screen. */}
      {!compact && (brand.phone || brand.email) && (
        <div className="mx-auto flex w-full max-w-6xl flex-wrap gap-x-5 gap-y-1 px-4 pb-2.5 text-sm font-medium lg:hidden" data-testid="brand-contact-row">
          {brand.phone && (
            <a href={`tel:${brand.phone.replace(/[^+0-9]/g, '')}`} className="inline-flex items-center gap-1.5 hover:underline">
              <Phone className="size-4 shrink-0" style={{ color: brand.accentColor ?? undefined }} aria-hidden /> {brand.phone}
            </a>
          )}
          {brand.email && (
            <a href={`mailto:${brand.email}`} className="inline-flex min-w-0 max-w-full items-center gap-1.5 hover:underline">
              <Mail className="size-4 shrink-0" style={{ color: brand.accentColor ?? undefined }} aria-hidden /> <span className="truncate">{brand.email}</span>
            </a>
          )}
        </div>
      )}
    </header>
  );
}

/** Black or white, whichever reads better on the accent colour (WCAG relative luminance). */
export function textOn(hex: string): '#ffffff' | '#111111' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#111111' : '#ffffff';
}
