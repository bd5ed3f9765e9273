import sharp from 'sharp';

/**
 * Negative cases for furniture removal, made from the corpus's real "empty the room" output
 * (declutter-after.jpg, 1264×844): a region painted over with the wall colour sampled beside it, so
 * the right answer (refused) is known exactly. Boxes are in that photo's pixels.
 */
export const DECLUTTER_OPENINGS = {
  /** The black-framed glass partition (a glazed wall with a door) left of the built-in shelves. */
  glassPartition: { x0: 366, y0: 262, x1: 506, y1: 596 },
  /** The sliding barn door with its frosted glass panel. */
  barnDoor: { x0: 66, y0: 282, x1: 250, y1: 596 },
} as const;

export async function paintedOver(image: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): Promise<Buffer> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (300 * info.width + 530) * info.channels; // plain white wall right of the partition
  const fill = `rgb(${data[at]},${data[at + 1]},${data[at + 2]})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${info.height}"><rect x="${box.x0}" y="${box.y0}" width="${box.x1 - box.x0}" height="${box.y1 - box.y0}" fill="${fill}"/></svg>`;
  return sharp(image).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 92 }).toBuffer();
}
