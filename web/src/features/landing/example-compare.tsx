import { useTranslation } from '@/i18n/i18n';
import { CompareSlider } from '@/components/ui/compare-slider';
import { cn } from '@/lib/class-names';
import { exampleSrc, exampleSrcSet, type Example } from './examples';

interface ExampleCompareProps {
  example: Example;
  /** The hero image loads at once (it is the largest paint); gallery images load lazily. */
  priority?: boolean;
  sizes: string;
  label: string;
  className?: string;
  initial?: number;
  'data-testid'?: string;
}

/** A before/after slider over one real example: AVIF, then WebP, then JPEG, each at several widths. */
export function ExampleCompare({
  example,
  priority = false,
  sizes,
  label,
  className,
  initial,
  ...rest
}: ExampleCompareProps) {
  const { t } = useTranslation('landing');
  const room = t(`examples.rooms.${example.room}`);
  const image = (side: 'before' | 'after') => ({
    src: exampleSrc(example, side, Math.max(...example.widths)),
    srcSet: exampleSrcSet(example, side, 'jpg'),
    sources: [
      { type: 'image/avif', srcSet: exampleSrcSet(example, side, 'avif') },
      { type: 'image/webp', srcSet: exampleSrcSet(example, side, 'webp') },
    ],
    sizes,
    alt: t(`examples.alt.${example.task}.${side}`, { room }),
  });
  return (
    <CompareSlider
      before={image('before')}
      after={image('after')}
      labels={{ before: t('compare.before'), after: t('compare.after'), slider: label }}
      width={example.width}
      height={example.height}
      initialPosition={initial}
      priority={priority}
      className={cn('rounded-none', className)}
      data-testid={rest['data-testid']}
    />
  );
}
