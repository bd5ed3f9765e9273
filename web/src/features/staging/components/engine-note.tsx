import { Cpu, FlaskConical } from 'lucide-react';
import { isPreviewEngine } from '@contract/landing-variant';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';
import { usePublicConfig } from '@/lib/public-config';

/** Provider names for STAGING_ENGINE (the server's `stagingEngine`); an unknown one is shown as sent. */
const PROVIDERS: Record<string, string> = {
  openai: 'OpenAI',
  gemini: 'Google Gemini',
  replicate: 'Replicate',
};

/** Says which engine the server stages with: the built-in preview engine gets a clear note (issue #12 item 8). */
export function EngineNote({ className, renovation }: { className?: string; renovation?: boolean }) {
  const { t } = useTranslation('staging');
  const engine = usePublicConfig().data?.stagingEngine;
  if (!engine) return null;
  const preview = isPreviewEngine(engine);
  const Icon = preview ? FlaskConical : Cpu;
  return (
    <p
      className={cn(
        'flex gap-2 rounded-lg border px-3 py-2 text-xs leading-relaxed',
        preview ? 'border-warning/50 bg-warning/10 text-foreground' : 'text-muted-foreground',
        className,
      )}
      data-testid="engine-note"
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        {preview
          ? t(renovation ? 'engine.previewRenovation' : 'engine.preview')
          : t('engine.provider', { engine: PROVIDERS[engine] ?? engine })}
      </span>
    </p>
  );
}
