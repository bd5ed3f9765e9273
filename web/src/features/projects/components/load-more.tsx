import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';

/**
 * The end of a paged list: loads the next page as soon as it comes near the viewport
 * (IntersectionObserver); the button does the same where there is no observer or for keyboard users.
 */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad(): void }) {
  const { t } = useTranslation('projects');
  const sentinel = useRef<HTMLDivElement>(null);

  // Re-observed whenever a page has loaded: the observer reports the sentinel again if it is
  // still in view (a tall screen), so pages keep coming until the viewport is filled.
  useEffect(() => {
    const element = sentinel.current;
    if (loading || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onLoad();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, onLoad]);

  return (
    <div ref={sentinel} className="mt-8 flex justify-center" data-testid="load-more">
      <Button type="button" variant="outline" onClick={() => onLoad()} disabled={loading}>
        {loading && <Loader2 className="animate-spin" aria-hidden />}
        {loading ? t('myProjects.loadingMore') : t('myProjects.loadMore')}
      </Button>
    </div>
  );
}
