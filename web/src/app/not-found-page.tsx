import { ArrowLeft, Home } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** Also shown inside the admin area's nest, hence the absolute `~/` link home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="relative isolate flex flex-1 items-center justify-center overflow-hidden px-6 py-20">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-hero-from),transparent_65%)]"
        aria-hidden
      />
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <p
          className="select-none bg-gradient-to-b from-primary to-primary/30 bg-clip-text text-[7rem] font-extrabold leading-none tracking-tighter text-transparent sm:text-[9rem]"
          aria-hidden
        >
          404
        </p>
        <h1
          className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl"
          data-testid="not-found-title"
        >
          {t('notFound.title')}
        </h1>
        <p className="mt-3 text-pretty text-muted-foreground">{t('notFound.text')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="~/">
              <Home aria-hidden /> {t('notFound.home')}
            </Link>
          </Button>
          <Button variant="outline" size="lg" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden /> {t('common.back')}
          </Button>
        </div>
      </div>
    </section>
  );
}
