import { FlaskConical } from 'lucide-react';
import { isPreviewEngine } from '@contract/landing-variant';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';

/**
 * A small "Preview engine" pill on a staged image the built-in offline engine made (not an AI model),
 * so nobody mistakes a preview for the real thing. Renders nothing for any other engine.
 */
export function PreviewEngineBadge({ engine, className }: { engine: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!isPreviewEngine(engine)) return null;
  return (
    <span
      title={t('common.previewEngineHint')}
      data-testid="preview-engine-badge"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-medium leading-4 text-white shadow-sm backdrop-blur-sm',
        className,
      )}
    >
      <FlaskConical className="size-3" aria-hidden />
      {t('common.previewEngine')}
    </span>
  );
}
