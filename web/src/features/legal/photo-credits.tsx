import { useTranslation } from '@/i18n/i18n';
import { MIT_PERMISSION, PHOTO_LICENCES } from './photo-licences';

/** The MIT notices of the landing page's example photos, verbatim, under the legal notice's credits section. */
export function PhotoCredits() {
  const { t } = useTranslation('legal');
  return (
    <div className="space-y-4" data-testid="photo-credits">
      {PHOTO_LICENCES.map((licence) => (
        <div
          key={licence.source}
          lang="en"
          className="rounded-xl border bg-muted/40 p-4 text-sm leading-relaxed"
        >
          <p className="font-medium text-foreground">
            {t('impressum.photoFiles', { files: licence.files })}{' '}
            <a
              href={licence.source}
              className="break-all text-primary underline-offset-4 hover:underline"
              rel="noreferrer"
              target="_blank"
            >
              {licence.source}
            </a>
          </p>
          <p className="mt-3 font-medium">MIT License</p>
          <p className="mt-1">{licence.copyright}</p>
          {MIT_PERMISSION.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}
