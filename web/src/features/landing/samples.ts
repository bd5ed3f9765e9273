import type { StyleId } from '@contract/styles';
import manifest from './samples.json';

/**
 * The before/after examples of the landing page: rooms rendered and staged by our own offline engine
 * (scripts/generate-landing-samples.ts writes the WebP files to /samples and this manifest).
 */
export type SampleRoom = 'living' | 'family' | 'loft' | 'lounge';

export interface Sample {
  id: string;
  style: StyleId;
  room: SampleRoom;
  /** Pixel size of the large variant; the small one has the same aspect ratio. */
  width: number;
  height: number;
  /** Widths available on disk, e.g. [640, 1200]. */
  widths: number[];
}

export const SAMPLES: Sample[] = (manifest as { samples: Sample[] }).samples;

export function sampleSrc(sample: Sample, side: 'before' | 'after', width: number): string {
  return `/samples/${sample.id}-${side}-${width}.webp`;
}

export function sampleSrcSet(sample: Sample, side: 'before' | 'after'): string {
  return sample.widths.map((w) => `${sampleSrc(sample, side, w)} ${w}w`).join(', ');
}
