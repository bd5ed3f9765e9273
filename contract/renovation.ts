import { z } from 'zod';

/**
 * Renovation preview (issue #40, decision 062): per photo, which surfaces change and to what. Only
 * the chosen surfaces may change; the geometry lock's surface mode keeps every line, opening,
 * built-in and every other surface the photo's. Results are labelled as a preview of a renovation,
 * not the current condition.
 */
export const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour code is # and six hex digits, e.g. #9CAF88.' });

/** The wall and ceiling palette the tool offers (a colour code is accepted besides). */
export const PAINT_PALETTE = [
  { id: 'white', hex: '#F4F1EA', name: { de: 'Reinweiß', en: 'Pure white' } },
  { id: 'greige', hex: '#CFC6B8', name: { de: 'Greige', en: 'Greige' } },
  { id: 'sage', hex: '#9CAF88', name: { de: 'Salbeigrün', en: 'Sage green' } },
  { id: 'dusty_blue', hex: '#8FA3B5', name: { de: 'Taubenblau', en: 'Dusty blue' } },
  { id: 'terracotta', hex: '#C47A5A', name: { de: 'Terrakotta', en: 'Terracotta' } },
  { id: 'charcoal', hex: '#4A4C4F', name: { de: 'Anthrazit', en: 'Charcoal' } },
] as const;

export const FLOOR_MATERIALS = ['oak', 'light_oak', 'dark_wood', 'tiles_60', 'tiles_30', 'tiles_120x60', 'carpet', 'concrete'] as const;
export type FloorMaterial = (typeof FLOOR_MATERIALS)[number];

/** What each floor material looks like, in words (the prompt) and in its base colour (the preview engine). */
export const FLOOR_LOOKS: Record<FloorMaterial, { hex: string; prompt: string; name: { de: string; en: string } }> = {
  oak: { hex: '#B0845A', prompt: 'natural oak plank flooring, boards about 18 cm wide', name: { de: 'Eiche', en: 'Oak' } },
  light_oak: { hex: '#D8BD92', prompt: 'light oak plank flooring (pale, matt, Scandinavian), boards about 18 cm wide', name: { de: 'Eiche hell', en: 'Light oak' } },
  dark_wood: { hex: '#5C3B26', prompt: 'dark walnut-toned wood plank flooring, boards about 18 cm wide', name: { de: 'Dunkles Holz', en: 'Dark wood' } },
  tiles_60: { hex: '#D6D2CA', prompt: 'light grey stone-look floor tiles, 60 × 60 cm, narrow grey grout', name: { de: 'Fliesen 60 × 60', en: 'Tiles 60 × 60' } },
  tiles_30: { hex: '#E4E0D8', prompt: 'off-white ceramic floor tiles, 30 × 30 cm, light grout', name: { de: 'Fliesen 30 × 30', en: 'Tiles 30 × 30' } },
  tiles_120x60: { hex: '#B9B4AB', prompt: 'large warm-grey porcelain floor tiles, 120 × 60 cm, laid lengthwise, minimal grout', name: { de: 'Fliesen 120 × 60', en: 'Tiles 120 × 60' } },
  carpet: { hex: '#9A9284', prompt: 'wall-to-wall short-pile carpet in warm taupe', name: { de: 'Teppichboden', en: 'Carpet' } },
  concrete: { hex: '#A3A19C', prompt: 'smooth polished concrete floor, light grey, seamless', name: { de: 'Beton', en: 'Concrete' } },
};

export const RENOVATION_SURFACES = ['walls', 'floor', 'ceiling'] as const;
export type RenovationSurface = (typeof RENOVATION_SURFACES)[number];

export const renovationChoice = z
  .object({
    walls: z.object({ colour: hexColour }).optional(),
    floor: z.object({ material: z.enum(FLOOR_MATERIALS) }).optional(),
    ceiling: z.object({ colour: hexColour }).optional(),
  })
  .strict()
  .refine((c) => Boolean(c.walls || c.floor || c.ceiling), { message: 'Choose at least one surface to renovate.' });
export type RenovationChoice = z.infer<typeof renovationChoice>;

/** The surfaces a choice changes, in a fixed order. */
export function chosenSurfaces(choice: RenovationChoice): RenovationSurface[] {
  return RENOVATION_SURFACES.filter((s) => Boolean(choice[s]));
}

/** The label every renovation result carries: on the image, in its XMP, on the share page and in the zip. */
export const RENOVATION_LABEL = {
  de: 'Renovierungsvorschau – nicht der aktuelle Zustand',
  en: 'Renovation preview – not the current condition',
} as const;
