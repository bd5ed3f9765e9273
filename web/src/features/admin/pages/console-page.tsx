import { ExternalLink, MonitorPlay, RotateCw } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { PageHeader } from '../components/page-header';

/** Spec §2: the user-facing app (root path) in an 800 px frame, or in a new tab. */
export default function ConsolePage() {
  const { t } = useTranslation('admin');
  const frame = useRef<HTMLIFrameElement>(null);
  /** Back to the app's start page inside the frame, wherever the admin navigated to. */
  const showAppRoot = () => {
    if (frame.current) frame.current.src = '/';
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('console.title')}
        subtitle={t('console.subtitle')}
        actions={
          <>
            <Button variant="secondary" size="sm" aria-pressed="true" onClick={showAppRoot} data-testid="console-embedded">
              <MonitorPlay aria-hidden /> {t('console.embedded')}
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href="/" target="_blank" rel="noopener" data-testid="console-new-tab">
                <ExternalLink aria-hidden /> {t('console.newTab')}
              </a>
            </Button>
          </>
        }
      />
      <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <div className="flex items-center gap-3 border-b bg-muted/60 px-4 py-2">
          <span className="flex gap-1.5" aria-hidden>
            <span className="size-2.5 rounded-full bg-destructive/60" />
            <span className="size-2.5 rounded-full bg-warning/70" />
            <span className="size-2.5 rounded-full bg-success/60" />
          </span>
          <span className="min-w-0 flex-1 truncate rounded-md bg-background px-3 py-1 text-center font-mono text-xs text-muted-foreground">
            {window.location.origin}/
          </span>
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => frame.current?.contentWindow?.location.reload()} aria-label={t('console.reload')}>
            <RotateCw aria-hidden />
          </Button>
        </div>
        <iframe ref={frame} src="/" title={t('console.frameTitle')} className="block h-[800px] w-full bg-background" data-testid="console-frame" />
      </div>
    </div>
  );
}
