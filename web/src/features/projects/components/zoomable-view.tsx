import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { ZoomControl } from '../use-zoom';

/** Pointer travel (px) after which a press is a drag (pans) rather than a click (toggles zoom). */
const DRAG_THRESHOLD = 4;
/** Wheel delta (px) per zoom step with ctrl/⌘ held or a trackpad pinch (which sends ctrl + wheel). */
const WHEEL_STEP = 60;

/**
 * Shows content of a known aspect ratio fitted into the available box at 100%, scaled by the zoom;
 * larger than the box it scrolls (both axes), smaller it stays centred. Like photo viewers
 * (PhotoSwipe, the reference lightbox): a change keeps the point under the cursor or between two
 * fingers in place; drag pans (a drag never counts as the click that toggles zoom); ctrl/⌘ + wheel
 * and a trackpad pinch zoom, the plain wheel scrolls; two fingers pinch on touch screens. Drags
 * that start on a compare slider move its handle instead.
 */
export function ZoomableView({
  control,
  aspect,
  children,
}: {
  control: ZoomControl;
  aspect: number;
  children: ReactNode;
}) {
  const { zoom, anchorRef, zoomTo } = control;
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const previous = useRef({ zoom, left: 0, top: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{
    startX: number;
    startY: number;
    left: number;
    top: number;
    dragged: boolean;
    pinch: { distance: number; zoom: number } | null;
  } | null>(null);

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fitted =
    box && box.width > 0 && box.height > 0 ? Math.min(box.width, box.height * aspect) : null;
  const style = fitted
    ? { width: fitted * zoom, height: (fitted * zoom) / aspect }
    : { width: `${zoom * 100}%` };

  // Keep the anchor (or the centre) over the same point of the image when the zoom changes.
  useLayoutEffect(() => {
    const element = boxRef.current;
    const before = previous.current;
    if (!element || !fitted || !box || before.zoom === zoom) {
      previous.current = { zoom, left: element?.scrollLeft ?? 0, top: element?.scrollTop ?? 0 };
      return;
    }
    const rect = element.getBoundingClientRect();
    const at = anchorRef.current;
    const ax = at ? Math.min(Math.max(at.x - rect.left, 0), box.width) : box.width / 2;
    const ay = at ? Math.min(Math.max(at.y - rect.top, 0), box.height) : box.height / 2;
    const axis = (size: number, view: number, scroll: number, a: number) => {
      const oldSize = size * before.zoom;
      const newSize = size * zoom;
      const fraction = (scroll + a - Math.max(0, (view - oldSize) / 2)) / oldSize;
      return Math.max(0, Math.min(1, fraction)) * newSize + Math.max(0, (view - newSize) / 2) - a;
    };
    element.scrollLeft = axis(fitted, box.width, before.left, ax);
    element.scrollTop = axis(fitted / aspect, box.height, before.top, ay);
    anchorRef.current = null;
    previous.current = { zoom, left: element.scrollLeft, top: element.scrollTop };
  }, [zoom, fitted, box, aspect, anchorRef]);

  // ctrl/⌘ + wheel and trackpad pinches zoom at the cursor; React's wheel listener is passive, so this one is native.
  useEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    let pending = 0;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      pending += event.deltaMode === 1 ? event.deltaY * 20 : event.deltaY;
      if (Math.abs(pending) < WHEEL_STEP) return;
      const steps = Math.trunc(pending / WHEEL_STEP);
      pending -= steps * WHEEL_STEP;
      zoomTo((z) => z - steps * 0.25, { x: event.clientX, y: event.clientY });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomTo]);

  const onScroll = () => {
    const element = boxRef.current;
    if (element) previous.current = { zoom, left: element.scrollLeft, top: element.scrollTop };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const element = boxRef.current;
    if (!element) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const onSlider = (event.target as HTMLElement).closest('[data-testid="compare-slider"]');
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      gesture.current = {
        startX: 0,
        startY: 0,
        left: 0,
        top: 0,
        dragged: true,
        pinch: { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom },
      };
    } else if (!onSlider) {
      gesture.current = {
        startX: event.clientX,
        startY: event.clientY,
        left: element.scrollLeft,
        top: element.scrollTop,
        dragged: false,
        pinch: null,
      };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const element = boxRef.current;
    const current = gesture.current;
    if (!element || !current || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (current.pinch) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const ratio = Math.hypot(a.x - b.x, a.y - b.y) / current.pinch.distance;
      zoomTo(current.pinch.zoom * ratio, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      return;
    }
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!current.dragged) {
      current.dragged = true;
      element.setPointerCapture?.(event.pointerId);
    }
    element.scrollLeft = current.left - dx;
    element.scrollTop = current.top - dy;
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0 && gesture.current && !gesture.current.dragged)
      gesture.current = null;
    const rest = [...pointers.current.values()][0];
    const element = boxRef.current;
    // The pinch ends with one finger still down: that finger pans on from where it is (still no click).
    if (gesture.current?.pinch && rest && element) {
      gesture.current = {
        startX: rest.x,
        startY: rest.y,
        left: element.scrollLeft,
        top: element.scrollTop,
        dragged: true,
        pinch: null,
      };
    }
  };

  return (
    <div
      ref={boxRef}
      className="absolute inset-0 overflow-auto overscroll-contain"
      style={{ touchAction: zoom > 1 ? 'none' : 'pan-y', cursor: zoom > 1 ? 'grab' : undefined }}
      onScroll={onScroll}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // A drag or pinch ends with a click on the image: it must not toggle the zoom back.
      onClickCapture={(event) => {
        if (gesture.current?.dragged) {
          event.preventDefault();
          event.stopPropagation();
        }
        if (pointers.current.size === 0) gesture.current = null;
      }}
      data-testid="zoom-viewport"
    >
      <div className="flex h-max min-h-full w-max min-w-full items-center justify-center">
        <div className="relative flex-none" style={style}>
          {children}
        </div>
      </div>
    </div>
  );
}
