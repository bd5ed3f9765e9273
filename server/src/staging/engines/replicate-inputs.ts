/**
 * How a Replicate model takes the room photo and a reference image (billing-geometry-mail §2.3;
 * decision 025). Single-image models (FLUX Kontext pro, the default) take no reference: the photo
 * then goes alone and the prompt does not mention one.
 */
type ImageInputs = (photo: string, reference: string | undefined) => Record<string, string | string[]>;

const MULTI_IMAGE: Array<[RegExp, ImageInputs]> = [
  [/^flux-kontext-apps\/multi-image-kontext-(pro|max)\b/, (photo, reference) => ({ input_image_1: photo, ...(reference ? { input_image_2: reference } : {}) })],
  [/^flux-kontext-apps\/multi-image-list\b/, (photo, reference) => ({ input_images: reference ? [photo, reference] : [photo] })],
  [/^black-forest-labs\/flux-2-/, (photo, reference) => ({ input_images: reference ? [photo, reference] : [photo] })],
  [/^google\/nano-banana\b/, (photo, reference) => ({ image_input: reference ? [photo, reference] : [photo] })],
  [/^qwen\/qwen-image-edit-plus\b/, (photo, reference) => ({ image: reference ? [photo, reference] : [photo] })],
];

/** The model's image inputs for photo (and reference), or null when it takes only one image. */
export function multiImageInputsFor(model: string): ImageInputs | null {
  return MULTI_IMAGE.find(([pattern]) => pattern.test(model))?.[1] ?? null;
}
