import { useTranslation } from '@/i18n/i18n';
import { STYLES } from '@contract/styles';
import { CompareSlider } from '@/components/ui/compare-slider';
import { cn } from '@/lib/class-names';
import { sampleSrc, sampleSrcSet, type Sample } from './samples';

interface SampleCompareProps {
  sample: Sample;
  /** The hero image loads at once (it is the largest paint); gallery images load lazily. */
  priority?: boolean;
  sizes: string;
  label: string;
  className?: string;
  initial?: number;
  'data-testid'?: string;
}

/** A before/after slider over one generated sample (responsive WebP, lazy unless it is the hero). */
export function SampleCompare({
  sample,
  priority = false,
  sizes,
  label,
  className,
  initial,
  ...rest
}: SampleCompareProps) {
  const { t, i18n } = useTranslation('landing');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const styleName = STYLES[sample.style].name[lang];
  const image = (side: 'before' | 'after') => ({
    src: sampleSrc(sample, side, Math.max(...sample.widths)),
    srcSet: sampleSrcSet(sample, side),
    sizes,
    alt:
      side === 'before'
        ? t('designs.altBefore', { style: styleName })
        : t('designs.altAfter', { style: styleName }),
  });
  return (
    <CompareSlider
      before={image('before')}
      after={image('after')}
      labels={{ before: t('compare.before'), after: t('compare.after'), slider: label }}
      width={sample.width}
      height={sample.height}
      initialPosition={initial}
      priority={priority}
      className={cn('rounded-none', className)}
      data-testid={rest['data-testid']}
    />
  );
}
