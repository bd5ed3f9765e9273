import { ArrowRight, ImagePlus, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { openAppModal } from '@/lib/modal-bus';

/** Spec §2 "quick start": one click to a new staging project. */
export function QuickStartCard({ creditsRemaining }: { creditsRemaining: number }) {
  const { t } = useTranslation('home');
  const empty = creditsRemaining <= 0;
  return (
    <section
      aria-labelledby="quick-start-title"
      className="relative overflow-hidden rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <div
        className="absolute -right-16 -top-16 size-56 rounded-full bg-primary/10 blur-2xl"
        aria-hidden
      />
      <div className="relative flex h-full flex-col">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
          <ImagePlus className="size-6" aria-hidden />
        </span>
        <h2
          id="quick-start-title"
          className="mt-5 text-xl font-semibold tracking-tight sm:text-2xl"
        >
          {t('quickStart.title')}
        </h2>
        <p className="mt-2 max-w-lg text-pretty text-muted-foreground">
          {t('quickStart.text', { images: MAX_IMAGES_PER_PROJECT })}
        </p>
        {empty && (
          <p
            className="mt-4 flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
            role="status"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('quickStart.noCredits')}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:flex-row sm:pt-6">
          <Button asChild size="lg">
            <Link href="/new-project" data-testid="quick-start-button">
              {t('quickStart.button')} <ArrowRight aria-hidden />
            </Link>
          </Button>
          {empty && (
            <Button size="lg" variant="outline" onClick={() => openAppModal('subscription')}>
              {t('subscription.upgrade')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
