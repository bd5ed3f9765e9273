import { ChevronLeft, ChevronRight, Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { CompareSlider } from '@/components/ui/compare-slider';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { LabelledDownloadButton } from '@/components/labelled-download-button';
import { downloadImage } from '@/lib/download-image';

export interface ResultItem {
  index: number;
  /** The photo's name by its room ("Bedroom 2"), see use-image-titles.ts. */
  title: string;
  originalFull: string;
  originalThumb: string;
  stagedFull: string | null;
  stagedThumb: string | null;
  stagedPath: string | null;
  width: number | null;
  height: number | null;
  qualityWarning: boolean;
}

/** One result large: the comparison slider, download, and re-stage (on the project page). */
export function ResultDetailDialog({
  projectId,
  projectName,
  items,
  index,
  onIndexChange,
}: {
  projectId: string;
  projectName: string;
  items: ResultItem[];
  index: number | null;
  onIndexChange(index: number | null): void;
}) {
  const { t } = useTranslation('staging');
  const [, navigate] = useLocation();
  const [downloading, setDownloading] = useState(false);
  const item = index === null ? null : items[index];
  const count = items.length;
  const go = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);

  const download = async (label?: 'de' | 'en') => {
    if (!item?.stagedPath) return;
    setDownloading(true);
    try {
      await downloadImage(item.stagedPath, `${projectName}-${item.index + 1}.jpg`, { label });
      toast({ title: t('result.downloadStarted'), description: t('result.downloadStartedText') });
    } catch {
      toast({
        title: t('result.downloadFailed'),
        description: t('result.downloadFailedText'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog open={item != null} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="max-w-5xl gap-5 p-4 sm:p-6"
        onKeyDown={(event) => {
          if (count < 2) return;
          if (event.key === 'ArrowLeft') go(-1);
          if (event.key === 'ArrowRight') go(1);
        }}
      >
        {item && (
          <>
            <DialogHeader>
              <DialogTitle>
                {projectName} · {item.title}
              </DialogTitle>
              <DialogDescription>{t('result.restageHint')}</DialogDescription>
            </DialogHeader>
            <div
              className="mx-auto w-full"
              style={{
                maxWidth: `calc(62dvh * ${item.width && item.height ? item.width / item.height : 4 / 3})`,
              }}
            >
              {item.stagedFull ? (
                <CompareSlider
                  key={item.index}
                  before={{ src: item.originalFull, alt: t('result.original') }}
                  after={{ src: item.stagedFull, alt: t('result.staged') }}
                  labels={{
                    before: t('compare.before'),
                    after: t('compare.after'),
                    slider: t('compare.slider'),
                  }}
                  width={item.width}
                  height={item.height}
                  loading="eager"
                />
              ) : (
                <img
                  src={item.originalFull}
                  alt={t('result.original')}
                  className="w-full rounded-xl object-contain"
                />
              )}
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              {count > 1 ? (
                <div className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    onClick={() => go(-1)}
                    aria-label={t('result.previous')}
                  >
                    <ChevronLeft aria-hidden />
                  </Button>
                  <span className="min-w-14 text-center text-sm tabular-nums text-muted-foreground">
                    {item.index + 1} / {count}
                  </span>
                  <Button
                    variant="outline"
                    size="icon"
                    onClick={() => go(1)}
                    aria-label={t('result.next')}
                  >
                    <ChevronRight aria-hidden />
                  </Button>
                </div>
              ) : (
                <span />
              )}
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="outline"
                  onClick={() => navigate(`/projects/${projectId}`)}
                  data-testid="result-restage"
                >
                  <RefreshCw aria-hidden /> {t('result.restage')}
                </Button>
                <LabelledDownloadButton
                  onDownload={(label) => void download(label)}
                  disabled={!item.stagedPath}
                  busy={downloading}
                />
                <Button
                  onClick={() => void download()}
                  disabled={!item.stagedPath || downloading}
                  data-testid="result-download"
                >
                  <Download aria-hidden /> {t('result.download')}
                </Button>
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
