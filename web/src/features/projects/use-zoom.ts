import { useCallback, useRef, useState } from 'react';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@contract/limits';

const clamp = (value: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value / ZOOM_STEP) * ZOOM_STEP));

/** A point in client coordinates the zoom keeps in place (the cursor, a pinch's centre). */
export interface ZoomAnchor {
  x: number;
  y: number;
}

/**
 * Zoom 0.5–3 in steps of 0.25 (spec §2/§9); a click toggles between 100% and 200%. Each change may
 * name an anchor (the cursor or a pinch's centre): ZoomableView keeps that point of the image under
 * it; without one (buttons, keys) the view's centre stays.
 */
export function useZoom() {
  const [zoom, setZoom] = useState(1);
  const anchor = useRef<ZoomAnchor | null>(null);
  const zoomTo = useCallback((value: number | ((current: number) => number), at?: ZoomAnchor | null) => {
    anchor.current = at ?? null;
    setZoom((z) => clamp(typeof value === 'function' ? value(z) : value));
  }, []);
  return {
    zoom,
    anchorRef: anchor,
    percent: Math.round(zoom * 100),
    canZoomIn: zoom < ZOOM_MAX,
    canZoomOut: zoom > ZOOM_MIN,
    zoomTo,
    zoomIn: useCallback((at?: ZoomAnchor | null) => zoomTo((z) => z + ZOOM_STEP, at), [zoomTo]),
    zoomOut: useCallback((at?: ZoomAnchor | null) => zoomTo((z) => z - ZOOM_STEP, at), [zoomTo]),
    toggle: useCallback((at?: ZoomAnchor | null) => zoomTo((z) => (z === 1 ? 2 : 1), at), [zoomTo]),
    reset: useCallback(() => zoomTo(1), [zoomTo]),
  };
}

export type ZoomControl = ReturnType<typeof useZoom>;
