import type { LocalizedText } from './plans.js';

/** The 8 styles of spec §3; `custom` takes a free-text description. */
export const STYLE_IDS = [
  'modern',
  'scandinavian',
  'classic',
  'industrial',
  'mediterranean',
  'luxury',
  'farmhouse',
  'custom',
] as const;
export type StyleId = (typeof STYLE_IDS)[number];

export interface StyleDefinition {
  id: StyleId;
  /** Name sent as `styleName` to the API (English, stable). */
  styleName: string;
  name: LocalizedText;
  description: LocalizedText;
}

export const STYLES: Record<StyleId, StyleDefinition> = {
  modern: {
    id: 'modern',
    styleName: 'Modern Staging',
    name: { de: 'Modern', en: 'Modern' },
    description: {
      de: 'Professionelles virtuelles Staging mit modernen Möbeln und Dekoration.',
      en: 'Professional virtual staging with modern furniture and decor.',
    },
  },
  scandinavian: {
    id: 'scandinavian',
    styleName: 'Scandinavian',
    name: { de: 'Skandinavisch', en: 'Scandinavian' },
    description: {
      de: 'Helles Holz, weiche Textilien und eine luftige, aufgeräumte Atmosphäre.',
      en: 'Light wood, soft textiles and an airy, uncluttered feel.',
    },
  },
  classic: {
    id: 'classic',
    styleName: 'Classic',
    name: { de: 'Klassisch', en: 'Classic' },
    description: {
      de: 'Zeitlose Eleganz mit warmen Hölzern, Polstermöbeln und ausgewogener Symmetrie.',
      en: 'Timeless elegance with warm woods, upholstered pieces and balanced symmetry.',
    },
  },
  industrial: {
    id: 'industrial',
    styleName: 'Industrial',
    name: { de: 'Industrial', en: 'Industrial' },
    description: {
      de: 'Dunkles Leder, Altholz, schwarzer Stahl und Betonakzente.',
      en: 'Dark leather, reclaimed wood, black steel and concrete accents.',
    },
  },
  mediterranean: {
    id: 'mediterranean',
    styleName: 'Mediterranean',
    name: { de: 'Mediterran', en: 'Mediterranean' },
    description: {
      de: 'Terrakotta, Leinen, Rattan und sonnige Farben des Südens.',
      en: 'Terracotta, linen, rattan and sunny southern colours.',
    },
  },
  luxury: {
    id: 'luxury',
    styleName: 'Luxury',
    name: { de: 'Luxus', en: 'Luxury' },
    description: {
      de: 'Samt und Bouclé, Marmor und Messing, geschichtetes Licht.',
      en: 'Velvet and bouclé, marble and brass, layered lighting.',
    },
  },
  farmhouse: {
    id: 'farmhouse',
    styleName: 'Farmhouse',
    name: { de: 'Landhaus', en: 'Farmhouse' },
    description: {
      de: 'Weißes Holz, Leinenbezüge, geflochtene Körbe und schwarzes Eisen.',
      en: 'White wood, linen slipcovers, woven baskets and black iron.',
    },
  },
  custom: {
    id: 'custom',
    styleName: 'Custom',
    name: { de: 'Eigener Stil', en: 'Custom' },
    description: {
      de: 'Beschreiben Sie Ihren Wunschstil in eigenen Worten.',
      en: 'Describe the style you want in your own words.',
    },
  },
};

export const STYLE_LIST: StyleDefinition[] = STYLE_IDS.map((id) => STYLES[id]);

/** Spec §3: the default style. */
export const DEFAULT_STYLE = {
  styleName: 'Modern Staging',
  styleDescription: 'Professional virtual staging with modern furniture and decor.',
} as const;

/** Maps a free `styleName` from the API back to a known style id (custom when unknown). */
export function styleIdFromName(styleName: string): StyleId {
  const needle = styleName.trim().toLowerCase();
  const match = STYLE_LIST.find(
    (s) => s.id === needle || s.styleName.toLowerCase() === needle || s.name.en.toLowerCase() === needle || s.name.de.toLowerCase() === needle,
  );
  return match?.id ?? 'custom';
}
