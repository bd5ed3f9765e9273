import { Loader2 } from 'lucide-react';
import { loadingText } from '@/i18n/i18n';

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{loadingText()}</span>
    </div>
  );
}
