import { Dialog as DialogPrimitive } from 'radix-ui';
import { Check, ImageUp, Loader2, Palette, Sofa, Sparkles, WifiOff, X } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Progress } from '@/components/ui/progress';
import { isPreviewEngine } from '@contract/landing-variant';
import { cn } from '@/lib/class-names';
import { usePublicConfig } from '@/lib/public-config';
import { currentImageNumber, waitingFor, type ImageProgress, type StagingProgress, type StagingStage } from '../staging-progress';

const STEPS: {
  key: 'style' | 'prepare' | 'stage' | 'finalize';
  icon: typeof Palette;
  stages: StagingStage[];
}[] = [
  { key: 'style', icon: Palette, stages: ['choosingStyle'] },
  { key: 'prepare', icon: ImageUp, stages: ['preparing', 'styleSelected'] },
  { key: 'stage', icon: Sofa, stages: ['staging'] },
  { key: 'finalize', icon: Sparkles, stages: ['finalizing', 'done'] },
];

/** Bytes as megabytes with one decimal, in the reader's number format. */
function megabytes(bytes: number, language: string): string {
  return (bytes / (1024 * 1024)).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** `preview`: the server stages with the built-in preview engine, which draws furniture in seconds (no AI model). */
export function progressMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  progress: StagingProgress,
  preview = false,
): string {
  switch (progress.stage) {
    case 'choosingStyle':
      return t('progress.choosingStyle');
    case 'preparing':
      return progress.done > 0
        ? t('progress.preparingCount', { done: progress.done, total: progress.total })
        : t('progress.preparing');
    case 'styleSelected':
      return t('progress.styleSelected');
    case 'staging': {
      // The server's own report on a running image (decision 022), else the image count.
      const activity = waitingFor(progress.images) ?? progress.activity;
      // Sent, no report yet: the image count, as before there were reports.
      if (activity?.step === 'waiting') {
        return t('progress.staging', { n: activity.imageNumber, total: progress.total });
      }
      if (activity?.step === 'queued' && activity.position && activity.position > 1) {
        return t('progress.pipeline.queued', {
          n: activity.imageNumber,
          total: progress.total,
          position: activity.position,
        });
      }
      if (activity && activity.step !== 'queued' && activity.step !== 'staged' && activity.step !== 'failed') {
        const step =
          activity.step === 'generating' && preview ? 'generatingPreview' : activity.step;
        return t(`progress.pipeline.${step}`, { n: activity.imageNumber, total: progress.total });
      }
      return t('progress.staging', { n: currentImageNumber(progress), total: progress.total });
    }
    case 'finalizing':
      return t('progress.finalizing');
    case 'done':
      return t('progress.done');
  }
}

/**
 * The full-screen overlay of spec §2/§4 while a run is going: message and percent from real
 * progress events. A modal dialog without a close button, so focus stays inside and Escape does
 * not leave a run half-way.
 */
export function ProgressOverlay({ progress, previews = [] }: { progress: StagingProgress; previews?: string[] }) {
  const { t, i18n } = useTranslation('staging');
  const activeStep = STEPS.findIndex((s) => s.stages.includes(progress.stage));
  const engine = usePublicConfig().data?.stagingEngine;
  const preview = isPreviewEngine(engine);
  const message = progressMessage(t, progress, preview);
  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-background/90 backdrop-blur-md" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed inset-0 z-[60] flex overflow-y-auto p-4 outline-none"
          data-testid="progress-overlay"
        >
          <div className="m-auto w-full min-w-0 max-w-lg rounded-2xl border bg-card p-5 text-card-foreground shadow-2xl sm:p-8">
            <div className="flex items-center gap-4">
              <div className="relative grid size-14 shrink-0 place-items-center rounded-2xl bg-primary/12 text-primary">
                <span
                  className="absolute inset-0 animate-ping rounded-2xl bg-primary/15 [animation-duration:2s]"
                  aria-hidden
                />
                <Sofa className="relative size-7" aria-hidden />
              </div>
              <div className="min-w-0">
                <DialogPrimitive.Title className="text-xl font-semibold tracking-tight">
                  {t('progress.title')}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description
                  className="mt-1 text-sm text-muted-foreground"
                  aria-live="polite"
                  data-testid="progress-message"
                >
                  {message}
                </DialogPrimitive.Description>
              </div>
            </div>

            <div className="mt-8 flex items-end justify-between gap-4">
              <span
                className="text-5xl font-bold tabular-nums tracking-tight"
                data-testid="progress-percent"
              >
                {progress.percent}
                <span className="text-2xl text-muted-foreground">%</span>
              </span>
              {progress.stage === 'staging' && (
                <span className="pb-1.5 text-sm tabular-nums text-muted-foreground">
                  {t('progress.finishedCount', { done: progress.done, total: progress.total })}
                </span>
              )}
              {progress.stage === 'preparing' && progress.upload && progress.upload.size > 0 && (
                <span
                  className="pb-1.5 text-sm tabular-nums text-muted-foreground"
                  data-testid="progress-upload-bytes"
                >
                  {t('progress.uploadedBytes', {
                    sent: megabytes(progress.upload.sent, i18n.language),
                    size: megabytes(progress.upload.size, i18n.language),
                  })}
                </span>
              )}
            </div>
            <Progress
              value={progress.percent}
              aria-label={t('progress.label')}
              className="mt-3 h-2.5"
            />
            {progress.stage === 'preparing' && progress.upload?.retrying && (
              <p
                role="status"
                className="mt-3 flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm font-medium"
                data-testid="progress-upload-retrying"
              >
                <WifiOff className="size-4 shrink-0" aria-hidden />
                {t('progress.uploadRetrying')}
              </p>
            )}
            {progress.connectionLost && (
              <p
                role="status"
                className="mt-3 flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm font-medium"
                data-testid="progress-connection-lost"
              >
                <WifiOff className="size-4 shrink-0" aria-hidden />
                {t('progress.connectionLost')}
              </p>
            )}
            {progress.stage === 'staging' && progress.images && (
              <ImageTiles images={progress.images} previews={previews} />
            )}

            <ol className="mt-8 grid grid-cols-4 gap-2">
              {STEPS.map((step, index) => {
                const Icon = step.icon;
                const done = index < activeStep || progress.stage === 'done';
                const active = index === activeStep && !done;
                return (
                  <li
                    key={step.key}
                    className="flex min-w-0 flex-col items-center gap-2 text-center"
                    aria-current={active ? 'step' : undefined}
                  >
                    <span
                      className={cn(
                        'grid size-9 place-items-center rounded-full border text-muted-foreground transition-colors',
                        done && 'border-primary bg-primary text-primary-foreground',
                        active && 'border-primary text-primary ring-4 ring-primary/15',
                      )}
                    >
                      {done ? (
                        <Check className="size-4" aria-hidden />
                      ) : (
                        <Icon className="size-4" aria-hidden />
                      )}
                    </span>
                    <span
                      className={cn(
                        'max-w-full break-words text-xs',
                        active || done ? 'font-medium text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {t(`progress.steps.${step.key}`)}
                    </span>
                  </li>
                );
              })}
            </ol>

            <p className="mt-8 rounded-lg bg-muted/60 px-4 py-3 text-center text-xs leading-relaxed text-muted-foreground">
              {t(preview ? 'progress.notePreview' : 'progress.note')}
            </p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * Every image of the run: its photo dimmed with a spinner while it runs, the staged image as soon as it
 * is there (issue 35: finished images stayed hidden until the whole batch was done), a cross when it failed.
 */
function ImageTiles({ images, previews }: { images: ImageProgress[]; previews: string[] }) {
  const { t } = useTranslation('staging');
  return (
    <ul className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('progress.results')} data-testid="progress-images">
      {images.map((image) => {
        const staged = image.step === 'staged' && image.stagedPath;
        const src = staged ? `/objects${image.stagedPath}` : previews[image.imageNumber - 1];
        const label = t(staged ? 'progress.imageStaged' : image.step === 'failed' ? 'progress.imageFailed' : 'progress.imageRunning', { n: image.imageNumber });
        return (
          <li
            key={image.imageNumber}
            className="relative aspect-[4/3] overflow-hidden rounded-lg border bg-muted"
            data-testid="progress-image"
            data-step={image.step}
            title={label}
          >
            {src && <img src={src} alt={label} className={cn('size-full object-cover', !staged && 'opacity-45 grayscale-[40%]')} />}
            <span
              className={cn(
                'absolute bottom-1 right-1 grid size-6 place-items-center rounded-full shadow-sm',
                staged ? 'bg-primary text-primary-foreground' : image.step === 'failed' ? 'bg-destructive text-white' : 'bg-background/90 text-primary',
              )}
              aria-hidden
            >
              {staged ? <Check className="size-3.5" /> : image.step === 'failed' ? <X className="size-3.5" /> : <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
