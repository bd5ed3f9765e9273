import manifest from './examples.json';

/**
 * The landing page's before/after examples (decision 039): real photos with real generative-model
 * outputs (MIT, notices in the legal notice), delivered through the geometry lock by
 * scripts/landing-examples.ts, which writes AVIF, WebP and JPEG per width to /examples and this manifest.
 */
export type ExampleId = 'furnish' | 'realvibe-living' | 'declutter';

export interface Example {
  id: ExampleId;
  /** What the engine was asked to do: add furniture, or empty the room (shown only where removal runs). */
  task: 'furnish' | 'remove';
  room: 'living_room';
  /** Pixel size of the widest variant; the others keep its aspect ratio. */
  width: number;
  height: number;
  /** Widths on disk, narrowest first. */
  widths: number[];
  /** `locked`: as the geometry lock delivers it; `raw`: the model's output as published (the lock refused it). */
  delivered: 'locked' | 'raw';
  /** Copyright holder of the photo and the output, and the repository they were published in. */
  holder: string;
  source: string;
}

export const EXAMPLES = (manifest as { examples: Example[] }).examples;

export function example(id: ExampleId): Example {
  const found = EXAMPLES.find((e) => e.id === id);
  if (!found) throw new Error(`no landing example ${id} in examples.json`);
  return found;
}

export type ExampleFormat = 'avif' | 'webp' | 'jpg';

export function exampleSrc(item: Example, side: 'before' | 'after', width: number, format: ExampleFormat = 'jpg'): string {
  return `/examples/${item.id}-${side}-${width}.${format}`;
}

export function exampleSrcSet(item: Example, side: 'before' | 'after', format: ExampleFormat): string {
  return item.widths.map((w) => `${exampleSrc(item, side, w, format)} ${w}w`).join(', ');
}
