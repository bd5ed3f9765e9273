import type { CSSProperties } from 'react';
import { objectUrl } from '../object-url';

/**
 * "Show what changed": a tint over exactly the area the geometry lock took from the AI's picture
 * (the stored change mask: opaque = added, transparent elsewhere), laid over the before/after view
 * at the same size. The mask's alpha cuts the tint, so it scales with the view on any screen and in
 * every browser; the legend next to it says in words what the tint means.
 */
export function ChangeHighlight({ maskPath }: { maskPath: string }) {
  const mask = `url("${objectUrl(maskPath)}")`;
  const style: CSSProperties = {
    maskImage: mask,
    WebkitMaskImage: mask,
    maskSize: '100% 100%',
    WebkitMaskSize: '100% 100%',
    maskRepeat: 'no-repeat',
    WebkitMaskRepeat: 'no-repeat',
  };
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0 bg-fuchsia-500/55"
      style={style}
      data-testid="change-highlight"
    />
  );
}
