import sharp from 'sharp';

/**
 * Model outputs with a known answer, made from real material: a real staging drifted the way
 * generative models drift (a small rotation, a zoom, a shift), which the geometry lock must undo.
 * Pixels outside the frame after the drift are cropped away, as a model re-framing would.
 */
export async function driftedOutput(image: Buffer, drift: { degrees: number; scale: number; shiftX: number; shiftY: number }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const rotated = await sharp(image).rotate(drift.degrees, { background: '#7f7f7f' }).toBuffer({ resolveWithObject: true });
  const scaledWidth = Math.round(rotated.info.width * drift.scale);
  const scaledHeight = Math.round(rotated.info.height * drift.scale);
  const scaled = await sharp(rotated.data).resize(scaledWidth, scaledHeight, { fit: 'fill' }).toBuffer();
  const left = Math.round((scaledWidth - width) / 2 + drift.shiftX * width);
  const top = Math.round((scaledHeight - height) / 2 + drift.shiftY * height);
  return sharp(scaled).extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer();
}
