import { useCallback, useState } from 'react';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@contract/limits';

const clamp = (value: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value / ZOOM_STEP) * ZOOM_STEP));

/** Zoom 0.5–3 in steps of 0.25 (spec §2/§9); a click toggles between 100% and 200%. */
export function useZoom() {
  const [zoom, setZoom] = useState(1);
  return {
    zoom,
    percent: Math.round(zoom * 100),
    canZoomIn: zoom < ZOOM_MAX,
    canZoomOut: zoom > ZOOM_MIN,
    zoomIn: useCallback(() => setZoom((z) => clamp(z + ZOOM_STEP)), []),
    zoomOut: useCallback(() => setZoom((z) => clamp(z - ZOOM_STEP)), []),
    toggle: useCallback(() => setZoom((z) => (z === 1 ? 2 : 1)), []),
    reset: useCallback(() => setZoom(1), []),
  };
}
