import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from '@/components/ui/toast-store';
import { useHydrated } from '@/lib/hydration';

// Radix Toast is not needed until something is announced; a toast raised earlier waits in the store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toaster the first time a toast is raised (and keeps it mounted afterwards). */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!hydrated || (!needed && toasts.length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
