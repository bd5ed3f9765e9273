import type { StyleId } from '../../../../../contract/styles.js';
import { darken, hashText, hsl, lighten, mix } from './svg.js';

/** Colours of one style's furniture set. */
export interface StylePalette {
  upholstery: string;
  armchair: string;
  pillows: [string, string];
  wood: string;
  metal: string;
  tableTop: string;
  rug: string;
  rugPattern: string;
  rugBorder: string;
  lampShade: string;
  pot: string;
  leaf: string;
  frame: string;
  art: [string, string, string];
}

/** The shape language: how the same set of pieces is built in this style. */
export interface StyleShapes {
  /** 0 = crisp boxes, 1 = soft and rounded upholstery. */
  softness: number;
  arms: 'track' | 'rolled' | 'slim' | 'wide';
  legs: 'tapered' | 'steel' | 'turned' | 'skirt' | 'brass' | 'block';
  tufted: boolean;
  seatCushions: 2 | 3;
  seatHeight: number;
  backHeight: number;
  armchair: 'lounge' | 'club' | 'wingback' | 'rattan' | 'slipper';
  pairOfArmchairs: boolean;
  table: 'round-wood' | 'steel-frame' | 'marble-oval' | 'chunky-wood' | 'low-round' | 'turned' | 'stone-slab';
  rug: 'border' | 'distressed' | 'medallion' | 'stripes' | 'geometric' | 'accent-stripe';
  lamp: 'tripod' | 'arc' | 'drum' | 'pleated' | 'edison' | 'rattan';
  plant: 'leafy' | 'olive' | 'fiddle';
  art: 'shapes' | 'landscape' | 'lines' | 'arches' | 'blocks';
}

export interface StyleKit {
  id: StyleId;
  palette: StylePalette;
  shapes: StyleShapes;
}

const KITS: Record<Exclude<StyleId, 'custom'>, Omit<StyleKit, 'id'>> = {
  modern: {
    palette: {
      upholstery: '#9e9a94', armchair: '#cfcac1', pillows: ['#c8643b', '#e7e3db'], wood: '#6b5644', metal: '#1d1d1d',
      tableTop: '#cdc8bf', rug: '#d8d3ca', rugPattern: '#c8643b', rugBorder: '#b9b3a9', lampShade: '#f4f1ea',
      pot: '#2a2a2a', leaf: '#3f6b3a', frame: '#1d1d1d', art: ['#c8643b', '#2f2f2f', '#e9e4da'],
    },
    shapes: {
      softness: 0.25, arms: 'track', legs: 'steel', tufted: false, seatCushions: 2, seatHeight: 0.42, backHeight: 0.74,
      armchair: 'lounge', pairOfArmchairs: false, table: 'stone-slab', rug: 'accent-stripe', lamp: 'arc', plant: 'fiddle', art: 'shapes',
    },
  },
  scandinavian: {
    palette: {
      upholstery: '#c9c6bf', armchair: '#efebe3', pillows: ['#a3b09b', '#ece6da'], wood: '#d2b48a', metal: '#d2b48a',
      tableTop: '#dcc29c', rug: '#ebe7df', rugPattern: '#d4cfc5', rugBorder: '#bdb7ac', lampShade: '#faf8f3',
      pot: '#f1eee8', leaf: '#4e7a45', frame: '#d2b48a', art: ['#a3b09b', '#2f2f2f', '#e4d3b8'],
    },
    shapes: {
      softness: 0.75, arms: 'slim', legs: 'tapered', tufted: false, seatCushions: 3, seatHeight: 0.43, backHeight: 0.8,
      armchair: 'lounge', pairOfArmchairs: false, table: 'round-wood', rug: 'border', lamp: 'tripod', plant: 'leafy', art: 'lines',
    },
  },
  classic: {
    palette: {
      upholstery: '#7d3431', armchair: '#d8c8a6', pillows: ['#d6bf8f', '#efe5cf'], wood: '#5b3420', metal: '#b08a3e',
      tableTop: '#6a3c24', rug: '#8e3a30', rugPattern: '#e8d9b8', rugBorder: '#253451', lampShade: '#f1e8d2',
      pot: '#ede4d0', leaf: '#3d6637', frame: '#b8903f', art: ['#7f9a72', '#d8c39a', '#5b7b96'],
    },
    shapes: {
      softness: 0.45, arms: 'rolled', legs: 'turned', tufted: true, seatCushions: 3, seatHeight: 0.45, backHeight: 0.82,
      armchair: 'wingback', pairOfArmchairs: true, table: 'turned', rug: 'medallion', lamp: 'pleated', plant: 'fiddle', art: 'landscape',
    },
  },
  industrial: {
    palette: {
      upholstery: '#6e4025', armchair: '#5a3a26', pillows: ['#5f6553', '#b8a98c'], wood: '#5e4431', metal: '#1b1b1b',
      tableTop: '#6b4d36', rug: '#6f625a', rugPattern: '#8a7b6f', rugBorder: '#4b4039', lampShade: '#1b1b1b',
      pot: '#8b8984', leaf: '#3c5e35', frame: '#111111', art: ['#b9b2a6', '#3a3a3a', '#a0522d'],
    },
    shapes: {
      softness: 0.12, arms: 'track', legs: 'block', tufted: false, seatCushions: 2, seatHeight: 0.44, backHeight: 0.78,
      armchair: 'club', pairOfArmchairs: false, table: 'steel-frame', rug: 'distressed', lamp: 'edison', plant: 'leafy', art: 'blocks',
    },
  },
  mediterranean: {
    palette: {
      upholstery: '#e2d5bd', armchair: '#c59a62', pillows: ['#c0643c', '#2f5d7c'], wood: '#8a5a3a', metal: '#2a2a2a',
      tableTop: '#9a6a45', rug: '#dcc7a6', rugPattern: '#b85b38', rugBorder: '#9c4a2e', lampShade: '#c59a62',
      pot: '#b8643c', leaf: '#7f8f63', frame: '#8a5a3a', art: ['#c0643c', '#2f5d7c', '#e8d8b8'],
    },
    shapes: {
      softness: 0.6, arms: 'wide', legs: 'block', tufted: false, seatCushions: 2, seatHeight: 0.4, backHeight: 0.74,
      armchair: 'rattan', pairOfArmchairs: false, table: 'low-round', rug: 'geometric', lamp: 'rattan', plant: 'olive', art: 'arches',
    },
  },
  luxury: {
    palette: {
      upholstery: '#1f5145', armchair: '#ece6da', pillows: ['#d5bd8c', '#efe8dc'], wood: '#3b2a22', metal: '#bf9a48',
      tableTop: '#f0ede7', rug: '#e6dfd2', rugPattern: '#cdbf9f', rugBorder: '#bf9a48', lampShade: '#f3ead8',
      pot: '#bf9a48', leaf: '#2f5a34', frame: '#bf9a48', art: ['#1f5145', '#d5bd8c', '#2b2b2b'],
    },
    shapes: {
      softness: 0.55, arms: 'wide', legs: 'brass', tufted: true, seatCushions: 2, seatHeight: 0.43, backHeight: 0.8,
      armchair: 'slipper', pairOfArmchairs: false, table: 'marble-oval', rug: 'border', lamp: 'drum', plant: 'fiddle', art: 'shapes',
    },
  },
  farmhouse: {
    palette: {
      upholstery: '#ebe5d8', armchair: '#d9cdb6', pillows: ['#7f8f7c', '#c8b18e'], wood: '#f0ece4', metal: '#262626',
      tableTop: '#a47a52', rug: '#c9b48e', rugPattern: '#a58c64', rugBorder: '#8f7754', lampShade: '#efe8da',
      pot: '#b08d5a', leaf: '#4d7343', frame: '#262626', art: ['#8fa39a', '#e8e1d2', '#6b5b45'],
    },
    shapes: {
      softness: 0.5, arms: 'rolled', legs: 'skirt', tufted: false, seatCushions: 3, seatHeight: 0.45, backHeight: 0.84,
      armchair: 'club', pairOfArmchairs: false, table: 'chunky-wood', rug: 'stripes', lamp: 'drum', plant: 'leafy', art: 'landscape',
    },
  },
};

export function styleKitFor(styleId: StyleId, description = ''): StyleKit {
  if (styleId === 'custom') return customKit(description);
  return { id: styleId, ...KITS[styleId] };
}

/** Whole-word match that also works for umlauts (`\b` only knows ASCII letters). */
function words(alternatives: string, suffix = ''): RegExp {
  return new RegExp(String.raw`(?<!\p{L})(?:${alternatives})(?!\p{L})` + suffix, 'iu');
}

const HUE_WORDS: Array<[RegExp, number, number]> = [
  // [pattern, hue, saturation]
  [words('blue|navy|blau|marine|azure|cobalt'), 215, 0.45],
  [words('green|grün|gruen|sage|olive|emerald'), 135, 0.35],
  [words('teal|petrol|türkis|turquoise'), 180, 0.45],
  [words('red|rot|burgundy|bordeaux|oxblood'), 3, 0.5],
  [words('pink|rosa|blush|rose'), 345, 0.4],
  [words('purple|lila|violet|plum|aubergine'), 280, 0.35],
  [words('yellow|gelb|mustard|senf|ochre|ocker'), 45, 0.6],
  [words('orange|rust|terracotta|terrakotta'), 20, 0.55],
  [words('beige|sand|cream|creme|linen|leinen|natural'), 38, 0.25],
  [words('grey|gray|grau|concrete|beton'), 40, 0.04],
];

/**
 * A custom style's kit, derived deterministically from its text: the hash picks hues and shapes,
 * colour and material words steer them ("blue velvet and brass" gives a blue tufted sofa, brass legs).
 */
export function customKit(description: string): StyleKit {
  const text = description.toLowerCase();
  const hash = hashText(text.trim());
  const pick = <T>(options: readonly T[], shift: number): T => options[(hash >>> shift) % options.length];
  const named = HUE_WORDS.find(([pattern]) => pattern.test(text));
  const hue = named ? named[1] : hash % 360;
  const saturation = named ? named[2] : 0.3;
  // "light oak" / "dark wood" describe the wood, not the upholstery.
  const notWood = String.raw`(?!\s+(?:oak|wood|holz|eiche|birch|birke|walnut|floor))`;
  const dark = words('black|schwarz|dark|dunkel|moody|charcoal|anthrazit', notWood).test(text);
  const light = words('white|weiß|weiss|light|hell|bright|airy', notWood).test(text);
  const woody = words('wood|holz|oak|eiche|walnut|nuss|teak').test(text);
  const darkWood = words('walnut|nuss|dark wood|mahogany|teak').test(text);
  const brass = words('gold|brass|messing|golden').test(text);
  const velvet = words('velvet|samt|tufted|chesterfield').test(text);
  const rattan = words('rattan|wicker|cane|boho|bohemian').test(text);
  const marble = words('marble|marmor').test(text);
  const leather = words('leather|leder').test(text);

  const lightness = dark ? 0.24 : light ? 0.82 : 0.5;
  const upholstery = leather ? hsl(24, 0.5, dark ? 0.2 : 0.3) : hsl(hue, saturation, lightness);
  // Accents from a few hues that sit well with most rooms (ochre, terracotta, teal, blush), never the
  // exact complement, which looks garish; skip one too close to the main colour.
  const accentHues = [42, 18, 188, 350].filter((h) => Math.abs(((h - hue + 540) % 360) - 180) > 35);
  const accent = hsl(accentHues[hash % accentHues.length], 0.45, 0.55);
  const wood = darkWood ? '#5a3a26' : woody ? '#b48a5e' : pick(['#c8a97e', '#7a5a40', '#d9c7a8', '#4a3a30'], 3);
  const metal = brass ? '#bf9a48' : dark ? '#161616' : pick(['#1d1d1d', '#bf9a48', '#8c8c8c'], 5);
  const palette: StylePalette = {
    upholstery,
    armchair: rattan ? '#c59a62' : light ? lighten(upholstery, 0.4) : mix(upholstery, '#e9e4da', 0.55),
    pillows: [accent, lighten(hsl(hue, saturation * 0.5, 0.8), 0.2)],
    wood,
    metal,
    tableTop: marble ? '#efece6' : woody ? wood : pick(['#cdc8bf', wood, '#2b2b2b'], 7),
    rug: hsl(hue + 20, Math.min(0.2, saturation), dark ? 0.35 : 0.8),
    rugPattern: hsl(hue + 20, Math.min(0.3, saturation + 0.05), dark ? 0.45 : 0.68),
    rugBorder: darken(hsl(hue + 20, Math.min(0.25, saturation), dark ? 0.35 : 0.8), 0.2),
    lampShade: dark ? '#1d1d1d' : '#f3efe6',
    pot: pick(['#f1eee8', '#b8643c', '#2a2a2a', '#8b8984'], 9),
    leaf: '#456f3d',
    frame: brass ? '#bf9a48' : dark ? '#151515' : wood,
    art: [accent, upholstery, hsl(hue + 60, 0.35, 0.75)],
  };
  const shapes: StyleShapes = {
    softness: ((hash >>> 11) % 70) / 100 + 0.15,
    arms: pick(['track', 'slim', 'wide', 'rolled'] as const, 13),
    legs: brass ? 'brass' : woody ? 'tapered' : pick(['tapered', 'steel', 'block', 'turned'] as const, 15),
    tufted: velvet || (hash >>> 17) % 5 === 0,
    seatCushions: (hash >>> 19) % 2 === 0 ? 2 : 3,
    seatHeight: 0.42,
    backHeight: 0.76 + ((hash >>> 20) % 8) / 100,
    armchair: rattan ? 'rattan' : leather ? 'club' : pick(['lounge', 'club', 'wingback', 'slipper'] as const, 21),
    pairOfArmchairs: (hash >>> 23) % 3 === 0,
    table: marble ? 'marble-oval' : woody ? 'round-wood' : pick(['round-wood', 'steel-frame', 'stone-slab', 'low-round'] as const, 24),
    rug: pick(['border', 'stripes', 'geometric', 'accent-stripe'] as const, 26),
    lamp: rattan ? 'rattan' : brass ? 'drum' : pick(['tripod', 'arc', 'drum', 'edison'] as const, 28),
    plant: rattan ? 'olive' : pick(['leafy', 'fiddle', 'olive'] as const, 29),
    art: pick(['shapes', 'lines', 'arches', 'blocks'] as const, 30),
  };
  return { id: 'custom', palette, shapes };
}
