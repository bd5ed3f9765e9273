import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';

/** The checks of spec §5 before a run starts, in the order they are reported. */
export type SubmissionProblem =
  | { kind: 'missingInformation' }
  | { kind: 'imageCount' }
  | { kind: 'insufficientCredits' }
  | { kind: 'creditLimit'; credits: number; images: number; needed?: number };

export function imageCountOk(count: number): boolean {
  return count >= 1 && count <= MAX_IMAGES_PER_PROJECT;
}

/** Submit is enabled only with a name and 1–6 images, and never while a run is going. */
export function canSubmit(input: {
  title: string;
  imageCount: number;
  processing: boolean;
}): boolean {
  return input.title.trim().length > 0 && imageCountOk(input.imageCount) && !input.processing;
}

/** `creditsNeeded`: images × variations (decision 025); the image count when left out. */
export function submissionProblem(input: {
  title: string;
  imageCount: number;
  creditsRemaining: number;
  creditsNeeded?: number;
}): SubmissionProblem | null {
  const needed = input.creditsNeeded ?? input.imageCount;
  if (!input.title.trim() || input.imageCount === 0) return { kind: 'missingInformation' };
  if (!imageCountOk(input.imageCount)) return { kind: 'imageCount' };
  if (input.creditsRemaining <= 0) return { kind: 'insufficientCredits' };
  if (needed > input.creditsRemaining) {
    return {
      kind: 'creditLimit',
      credits: input.creditsRemaining,
      images: input.imageCount,
      ...(needed > input.imageCount ? { needed } : {}),
    };
  }
  return null;
}
