import { hashText, hsl } from './svg.js';
import type { StyleKit, StyleShapes } from './style-kits.js';

const ACCENT_HUES = [18, 42, 188, 350, 145, 215];
const ARMCHAIRS: Array<StyleShapes['armchair']> = ['lounge', 'club', 'wingback', 'slipper'];
const RUGS: Array<StyleShapes['rug']> = ['border', 'stripes', 'geometric', 'accent-stripe'];

/**
 * One furniture set and palette per room group (decision 025): the style's kit with its accent
 * colour, armchair and rug chosen from the group's seed. Every photo of the group gets the same kit,
 * another group of the same style a different one. No seed: the style's own kit.
 */
export function groupKit(kit: StyleKit, seed: string | undefined): StyleKit {
  if (!seed) return kit;
  const hash = hashText(seed);
  const accent = hsl(ACCENT_HUES[hash % ACCENT_HUES.length]!, 0.45, 0.55);
  const palette = { ...kit.palette, pillows: [accent, kit.palette.pillows[1]] as [string, string], rugPattern: accent, art: [accent, kit.palette.art[1], kit.palette.art[2]] as [string, string, string] };
  const shapes = {
    ...kit.shapes,
    armchair: kit.shapes.armchair === 'rattan' ? kit.shapes.armchair : ARMCHAIRS[(hash >>> 5) % ARMCHAIRS.length]!,
    rug: RUGS[(hash >>> 9) % RUGS.length]!,
  };
  return { ...kit, palette, shapes };
}
