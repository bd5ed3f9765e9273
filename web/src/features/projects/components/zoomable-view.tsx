import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows content of a known aspect ratio fitted into the available box at 100%, scaled by `zoom`;
 * larger than the box it scrolls (both axes), smaller it stays centred.
 */
export function ZoomableView({ zoom, aspect, children }: { zoom: number; aspect: number; children: ReactNode }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fitted = box && box.width > 0 && box.height > 0 ? Math.min(box.width, box.height * aspect) : null;
  const style = fitted ? { width: fitted * zoom, height: (fitted * zoom) / aspect } : { width: `${zoom * 100}%` };

  return (
    <div ref={boxRef} className="absolute inset-0 overflow-auto overscroll-contain" data-testid="zoom-viewport">
      <div className="flex h-max min-h-full w-max min-w-full items-center justify-center">
        <div className="relative flex-none" style={style}>
          {children}
        </div>
      </div>
    </div>
  );
}
