import {
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * Renders a below-the-fold section only when it comes near the viewport, so its code (e.g. the
 * Radix accordion of the FAQ) is not part of the landing page's first download. Keeps the space
 * reserved meanwhile to avoid layout shifts; without IntersectionObserver it loads at once.
 */
export function LazySection({
  component: Component,
  minHeight,
  id,
}: {
  component: LazyExoticComponent<ComponentType>;
  minHeight: string;
  id: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Starts hidden everywhere (also in the prerendered HTML), so hydration sees the same markup.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (visible || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined' || window.location.hash === `#${id}`) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setVisible(true),
      { rootMargin: '800px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, id]);
  const placeholder = <div ref={ref} id={id} style={{ minHeight }} aria-hidden />;
  if (!visible) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Component />
    </Suspense>
  );
}
