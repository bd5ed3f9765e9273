import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';

/** A secret shown this once, with a copy button: the server keeps only its hash (keys) or never shows it again. */
export function ShownOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg border bg-muted/50 px-3 py-2 font-mono text-xs" data-testid={testId}>
          {value}
        </code>
        <Button type="button" variant="outline" size="icon" onClick={copy} aria-label={t('copy')}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
