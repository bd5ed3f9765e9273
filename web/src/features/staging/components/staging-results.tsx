import { ArrowRight, CheckCircle2, Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { styleIdFromName, STYLES } from '@contract/styles';
import { Button } from '@/components/ui/button';
import { objectUrl } from '../object-url';
import type { SessionProject } from '../session-projects';
import { ResultDetailDialog, type ResultItem } from './result-detail-dialog';
import { ResultVariations, useResultProject, withChosenVariations } from './result-variations';

export function resultItems(project: SessionProject, previews: string[]): ResultItem[] {
  return project.images.map((image, index) => ({
    index,
    originalFull: image.originalPath ? objectUrl(image.originalPath) : (previews[index] ?? ''),
    originalThumb: image.originalThumbnailPath ? objectUrl(image.originalThumbnailPath) : image.originalPath ? objectUrl(image.originalPath) : (previews[index] ?? ''),
    stagedFull: image.stagedPath ? objectUrl(image.stagedPath) : null,
    stagedThumb: image.stagedThumbnailPath ? objectUrl(image.stagedThumbnailPath) : image.stagedPath ? objectUrl(image.stagedPath) : null,
    stagedPath: image.stagedPath,
    width: image.width,
    height: image.height,
    qualityWarning: image.qualityWarning,
  }));
}

/** 'Staging Complete': original vs staged per image; a click opens the detail view. */
export function StagingResults({ project, previews, onCreateAnother }: { project: SessionProject; previews: string[]; onCreateAnother(): void }) {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const [open, setOpen] = useState<number | null>(null);
  const stored = useResultProject(project.id);
  const items = withChosenVariations(resultItems(project, previews), stored.data);
  const styleId = styleIdFromName(project.styleGuide.styleName);
  const styleLabel = styleId === 'custom' ? project.styleGuide.styleName : STYLES[styleId].name[lang];

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14" aria-labelledby="result-title">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-success/15 text-success">
            <CheckCircle2 className="size-6" aria-hidden />
          </span>
          <div>
            <h1 id="result-title" className="text-3xl font-bold tracking-tight" tabIndex={-1} data-autofocus>
              {t('result.title')}
            </h1>
            <p className="mt-1 text-muted-foreground">{t('result.subtitle', { count: items.length, name: project.name, style: styleLabel })}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={onCreateAnother} data-testid="create-another">
            <Plus aria-hidden /> {t('result.createAnother')}
          </Button>
          <Button asChild data-testid="view-project">
            <Link href={`/projects/${project.id}`}>
              {t('result.viewProject')} <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>

      <ul className="mt-10 grid gap-6 md:grid-cols-2" data-testid="result-grid">
        {items.map((item) => (
          <li key={item.index}>
            <button
              type="button"
              onClick={() => setOpen(item.index)}
              className="group block w-full cursor-pointer overflow-hidden rounded-2xl border bg-card text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={t('result.open', { n: item.index + 1 })}
            >
              <div className="grid grid-cols-2 gap-px bg-border">
                <figure className="relative bg-muted">
                  {item.originalThumb && (
                    <img src={item.originalThumb} alt="" width={item.width ?? 640} height={item.height ?? 480} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                  )}
                  <figcaption className="absolute left-2 top-2 rounded-md bg-black/60 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-white">
                    {t('result.original')}
                  </figcaption>
                </figure>
                <figure className="relative bg-muted">
                  {item.stagedThumb && (
                    <img src={item.stagedThumb} alt="" width={item.width ?? 640} height={item.height ?? 480} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                  )}
                  <figcaption className="absolute right-2 top-2 rounded-md bg-primary px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-primary-foreground">
                    {t('result.staged')}
                  </figcaption>
                </figure>
              </div>
              <div className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="font-medium">{t('result.imageTitle', { n: item.index + 1 })}</span>
                {item.qualityWarning && (
                  <span className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
                    <TriangleAlert className="size-3.5" aria-hidden /> {t('result.lowResNote')}
                  </span>
                )}
                <ArrowRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-foreground" aria-hidden />
              </div>
            </button>
          </li>
        ))}
      </ul>

      <ResultVariations projectId={project.id} items={items} />

      <ResultDetailDialog projectId={project.id} projectName={project.name} items={items} index={open} onIndexChange={setOpen} />
    </section>
  );
}
