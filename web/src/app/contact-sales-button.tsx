import { Mail } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyScreen } from './lazy-screen';
import { cn } from '@/lib/class-names';

// The form's code (and its texts, and the query client it sends with) load on the first click.
const SalesInquiryEntry = lazyScreen(() => import('@/features/sales/sales-inquiry-entry'));

/** "Contact sales" on the Business plan (landing pricing and subscription modal): opens the sales form of features/sales (issue #11). */
export function ContactSalesButton({ label, className }: { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={cn(
          'inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
        data-testid="contact-sales"
      >
        <Mail className="size-4" aria-hidden /> {label}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SalesInquiryEntry open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
