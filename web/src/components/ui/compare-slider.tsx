import { ChevronsLeftRight } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/class-names';

export interface CompareImage {
  src: string;
  alt: string;
  /** Responsive candidates (`srcset`) and their `sizes`, e.g. the landing page's WebP variants. */
  srcSet?: string;
  sizes?: string;
  /** Modern formats tried before `src`/`srcSet` (a `<picture>`), e.g. AVIF then WebP, each with its own srcset. */
  sources?: { type: string; srcSet: string }[];
}

export interface CompareSliderProps {
  before: CompareImage;
  after: CompareImage;
  /** Visible corner labels and the slider's accessible name (already translated). */
  labels: { before: string; after: string; slider: string };
  /** Intrinsic image size: reserves the box (no layout shift) and sets the aspect ratio. */
  width?: number | null;
  height?: number | null;
  initialPosition?: number;
  /** `lazy` (default) for images below the fold; `eager` in dialogs that show them at once. */
  loading?: 'lazy' | 'eager';
  /** The largest paint of the page (the landing hero): loads eagerly with high fetch priority. */
  priority?: boolean;
  fit?: 'cover' | 'contain';
  className?: string;
  /** Drawn over the after image only (the before image covers it left of the handle), e.g. a tint of what changed. */
  afterOverlay?: React.ReactNode;
  'data-testid'?: string;
}

const KEY_STEP = 5;
const PAGE_STEP = 20;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The app's one before/after comparison (landing examples, staging results, project views): two
 * image URLs, the original revealed left of a draggable handle. Mouse, pen and touch drag anywhere
 * on the image (a click jumps there; vertical page scrolling still works on touch screens); the
 * handle is a keyboard slider (←/→ ±5, PageUp/PageDown ±20, Home/End) with `role="slider"`. Keys
 * it handles do not bubble, so a dialog's ←/→ navigation does not fire too. BEFORE/AFTER corner
 * labels fade out when the handle covers them; images load lazily unless told otherwise.
 */
export function CompareSlider({
  before,
  after,
  labels,
  width,
  height,
  initialPosition = 50,
  loading = 'lazy',
  priority = false,
  fit = 'cover',
  className,
  afterOverlay,
  'data-testid': testId = 'compare-slider',
}: CompareSliderProps) {
  const [position, setPosition] = React.useState(clamp(initialPosition));
  const boxRef = React.useRef<HTMLDivElement>(null);
  const handleRef = React.useRef<HTMLDivElement>(null);
  const dragging = React.useRef(false);

  const moveTo = (clientX: number) => {
    const rect = boxRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    handleRef.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stop = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowLeft: position - KEY_STEP,
      ArrowDown: position - KEY_STEP,
      ArrowRight: position + KEY_STEP,
      ArrowUp: position + KEY_STEP,
      PageDown: position - PAGE_STEP,
      PageUp: position + PAGE_STEP,
      Home: 0,
      End: 100,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    event.stopPropagation();
    setPosition(clamp(next[event.key]!));
  };

  const ratio = width && height ? `${width} / ${height}` : '4 / 3';
  const imageClass = cn(
    'pointer-events-none absolute inset-0 size-full',
    fit === 'cover' ? 'object-cover' : 'object-contain',
  );
  const rounded = Math.round(position);
  const image = (img: CompareImage, style?: React.CSSProperties) => {
    const element = (
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes={img.sizes}
        alt={img.alt}
        width={width ?? undefined}
        height={height ?? undefined}
        loading={priority ? 'eager' : loading}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        draggable={false}
        className={imageClass}
        style={style}
      />
    );
    if (!img.sources?.length) return element;
    return (
      <picture>
        {img.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={img.sizes} />
        ))}
        {element}
      </picture>
    );
  };
  const cornerLabel =
    'pointer-events-none absolute top-3 rounded-md bg-black/60 px-2 py-1 text-[11px] font-semibold uppercase tracking-wider text-white backdrop-blur-sm transition-opacity';

  return (
    <div
      ref={boxRef}
      className={cn(
        'group/compare relative w-full touch-pan-y select-none overflow-hidden rounded-xl bg-muted',
        className,
      )}
      style={{ aspectRatio: ratio }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onLostPointerCapture={stop}
      data-testid={testId}
    >
      {image(after)}
      {afterOverlay}
      {image(before, { clipPath: `inset(0 ${100 - position}% 0 0)` })}
      <span className={cn(cornerLabel, 'left-3', position < 12 && 'opacity-0')} aria-hidden>
        {labels.before}
      </span>
      <span className={cn(cornerLabel, 'right-3', position > 88 && 'opacity-0')} aria-hidden>
        {labels.after}
      </span>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(0,0,0,0.45)]"
        style={{ left: `${position}%` }}
        aria-hidden
      />
      <div
        ref={handleRef}
        role="slider"
        tabIndex={0}
        aria-label={labels.slider}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${labels.before} ${rounded}% · ${labels.after} ${100 - rounded}%`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="absolute top-1/2 grid size-11 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize place-items-center rounded-full border-2 border-white bg-black/45 text-white shadow-lg backdrop-blur-sm transition-transform focus-visible:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white group-active/compare:scale-95"
        style={{ left: `${position}%` }}
      >
        <ChevronsLeftRight className="size-5" aria-hidden />
      </div>
    </div>
  );
}
