import { Mail } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyScreen } from './lazy-screen';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/class-names';

// The form's code (and its texts) load on the first click.
const SalesInquiryDialog = lazyScreen(() => import('@/features/sales/sales-inquiry-dialog'));

/** "Contact sales" on the Business plan (landing pricing and subscription modal): opens the sales form of features/sales (issue #11). */
export function ContactSalesButton({ label, className }: { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const { user } = useAuth();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : undefined;
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
          <SalesInquiryDialog open={open} onOpenChange={setOpen} defaults={user ? { name, email: user.email } : undefined} />
        </Suspense>
      )}
    </>
  );
}
