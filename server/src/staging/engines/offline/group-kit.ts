import { hashText, hsl, scaleColor } from './svg.js';
import type { StyleKit, StyleShapes } from './style-kits.js';

const ACCENT_HUES = [18, 42, 188, 350, 145, 215];
const ARMCHAIRS: Array<StyleShapes['armchair']> = ['lounge', 'club', 'wingback', 'slipper'];
const RUGS: Array<StyleShapes['rug']> = ['border', 'stripes', 'geometric', 'accent-stripe'];
const TABLES: Array<StyleShapes['table']> = ['round-wood', 'steel-frame', 'low-round', 'stone-slab'];
/** Wood tone per variation: the style's own, darker, lighter, a little darker. */
const WOOD_TONES = [1, 0.72, 1.22, 0.86];

/**
 * One furniture set and palette per room group (decision 025): the style's kit with its accent
 * colour, armchair and rug chosen from the group's seed. Every photo of the group gets the same kit,
 * another group of the same style a different one. No seed: the style's own kit.
 *
 * Variations (issue #23, decision 036) are alternatives to choose from, so each one after the first
 * also changes pieces (armchair, rug, table) and palette (accent, upholstery, wood tone); the set's
 * spot moves too (placement.ts `VARIANT_TARGET_X`). Variation 0 is the group's kit.
 */
export function groupKit(kit: StyleKit, seed: string | undefined, variant = 0): StyleKit {
  if (!seed && !variant) return kit;
  const hash = seed ? hashText(seed) : 0;
  const accent = hsl(ACCENT_HUES[(hash + variant) % ACCENT_HUES.length]!, 0.45, 0.55);
  const palette = {
    ...kit.palette,
    pillows: [accent, kit.palette.pillows[1]] as [string, string],
    rugPattern: accent,
    art: [accent, kit.palette.art[1], kit.palette.art[2]] as [string, string, string],
    ...(variant > 0 && {
      upholstery: hsl(ACCENT_HUES[(hash + variant + 3) % ACCENT_HUES.length]!, 0.2, 0.5),
      // Chairs and table tops too: a dining or kitchen set has no sofa to carry the new palette.
      armchair: hsl(ACCENT_HUES[(hash + variant + 1) % ACCENT_HUES.length]!, 0.3, 0.45),
      wood: scaleColor(kit.palette.wood, WOOD_TONES[variant % WOOD_TONES.length]!),
      tableTop: scaleColor(kit.palette.tableTop, WOOD_TONES[variant % WOOD_TONES.length]!),
    }),
  };
  const shapes = {
    ...kit.shapes,
    armchair: kit.shapes.armchair === 'rattan' ? kit.shapes.armchair : ARMCHAIRS[((hash >>> 5) + variant) % ARMCHAIRS.length]!,
    rug: RUGS[((hash >>> 9) + variant) % RUGS.length]!,
    ...(variant > 0 && { table: TABLES[((hash >>> 13) + variant) % TABLES.length]! }),
  };
  return { ...kit, palette, shapes };
}
