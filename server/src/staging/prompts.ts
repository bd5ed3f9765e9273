import type { StyleId } from '../../../contract/styles.js';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX } from '../../../contract/limits.js';
import { buildRemovalPrompt } from './removal/removal-prompt.js';
import { buildRenovationPrompt } from './renovation/renovation-prompt.js';
import type { RenovationChoice } from '../../../contract/renovation.js';
import type { ReferenceKind } from './engines/engine.js';

/**
 * The staging prompts, in English, in one place (DESIGN §6, reference §6.2). Instruction-edit models
 * (gpt-image, Gemini image, FLUX Kontext) keep a room only when the prompt frames the job as an edit
 * of this exact photo and lists what must not change, so that list leads and the style follows.
 */
export interface StagingPromptInput {
  styleId: StyleId;
  styleName: string;
  styleDescription: string;
  roomType?: string;
  instructions?: string;
  strict?: boolean;
  /** 'remove': the furniture-removal prompt instead (removal/removal-prompt.ts). */
  task?: 'furnish' | 'remove' | 'renovate';
  /** `task: 'renovate'`: the surfaces to change (renovation/renovation-prompt.ts). */
  renovation?: RenovationChoice;
  /** Set when a reference image is attached as Image 2 (decision 025). */
  reference?: { kind: ReferenceKind };
}

/** What each named style means to the model; the contract's one-liners are too thin for that. */
export const STYLE_DESCRIPTORS: Record<Exclude<StyleId, 'custom'>, string> = {
  modern:
    'clean lines and a calm neutral palette of warm white, greige and charcoal with a single accent colour; ' +
    'a low-profile sofa on slim legs, a stone or smoked-glass coffee table, matte black metal details, one large abstract artwork',
  scandinavian:
    'light oak and birch wood, white and soft grey textiles, wool throws and sheepskin, simple rounded forms, ' +
    'a pale wool rug, a few green plants in ceramic pots, airy and uncluttered',
  classic:
    'warm walnut and mahogany wood, a tufted upholstered sofa with rolled arms, a pair of matching armchairs in balanced symmetry, ' +
    'turned wooden legs, a traditional patterned rug, brass lamps with fabric shades, framed paintings in gilded frames',
  industrial:
    'dark cognac leather, reclaimed wood with visible grain, black steel frames, Edison-bulb lighting, ' +
    'concrete-toned accents and a worn vintage rug',
  mediterranean:
    'terracotta, sand and warm white tones, natural linen upholstery, rattan and wicker chairs, rustic wooden tables, ' +
    'olive trees in clay pots, hand-woven rugs with simple geometric patterns, sunny and relaxed',
  luxury:
    'velvet and bouclé upholstery, marble surfaces, polished brass details, layered warm lighting, curated art, ' +
    'a rich but restrained palette of deep emerald, cream and gold',
  farmhouse:
    'distressed white-painted wood, linen slipcovered seating, woven baskets, black iron hardware, a chunky wooden coffee table, ' +
    'a jute rug, warm and homely',
};

/** Furniture the model should bring for a room type; keys are matched loosely against the free text. */
const KEY_PIECES: Array<[RegExp, string]> = [
  // Specific rooms first: "nursery" before the kids' room, "studio" before bed and living (decision 063).
  [
    /bath|badezimmer|\bbad\b|shower|wc/i,
    'only light staging: folded towels on a towel ladder or stool, a bath mat, a small plant and a few toiletries; ' +
      'the bathtub, shower, basin, toilet, taps, mirror cabinet and every tile stay exactly as photographed, none is moved, replaced or restyled; add no mirror',
  ],
  [/hall|entry|flur|diele|eingang/i, 'a slim console table with a lamp or a bowl, a long runner rug, a coat rack or wall hooks and a bench if it fits'],
  [/balcon|terrace|balkon|terrasse|loggia/i, 'outdoor furniture only: two weatherproof chairs or a small lounge chair, a small table, potted plants and an outdoor rug; no indoor sofas'],
  [/basement|hobby|keller/i, 'a comfortable sofa, an open shelf, a rug and a hobby desk or a table-tennis table, with warm lamps'],
  [/closet|wardrobe|ankleide|kleider/i, 'open wardrobe shelving with hanging clothes and folded knitwear, shoe shelves, an upholstered island bench and a soft rug'],
  [/studio|one.room|einzimmer|1.zimmer/i, 'a complete one-room home: a bed against a wall, a compact sofa, a small dining table with two chairs and a rug, zoned so walking paths stay clear'],
  [/nursery|baby/i, 'a baby crib with slatted sides, a changing table with a changing mat, a nursing armchair, a soft rug and calm, gentle decor'],
  [/bed|schlaf/i, 'a bed at true size (a queen bed is about 150 by 200 cm), two bedside tables with lamps, a rug, and a dresser if it fits'],
  [/dining|esszimmer|essbereich/i, 'a dining table with chairs, a pendant light above the table, and a sideboard'],
  [/office|study|arbeit|büro/i, 'a desk, a task chair, shelving and a desk lamp'],
  [/kitchen|küche/i, 'only light staging: bar stools, a bowl of fruit and a plant; the kitchen units stay exactly as they are'],
  [/kid|child|kinder|nursery/i, "a child's bed, a small desk, storage boxes, a soft rug and playful but calm decor"],
  [/living|lounge|wohn|family/i, 'a sofa, an armchair, a coffee table, a rug, a floor lamp and a side table'],
];
const DEFAULT_PIECES = 'furniture that suits the room: for a living area a sofa, an armchair, a coffee table, a rug and a floor lamp';

/** Strips control characters and markup-ish brackets, collapses whitespace and caps the length. */
export function sanitizeFreeText(text: string | undefined, maxLength: number): string {
  if (!text) return '';
  const cleaned = text
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[<>{}`]/g, '')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > maxLength ? cleaned.slice(0, maxLength).trimEnd() : cleaned;
}

/** The style block: the built-in descriptor, or the user's own words for `custom`. */
export function styleDescriptorFor(input: Pick<StagingPromptInput, 'styleId' | 'styleDescription'>): string {
  if (input.styleId !== 'custom') return STYLE_DESCRIPTORS[input.styleId];
  const own = sanitizeFreeText(input.styleDescription, CUSTOM_STYLE_MAX);
  return own || STYLE_DESCRIPTORS.modern;
}

function roomLabel(roomType: string | undefined): string {
  const label = sanitizeFreeText(roomType?.replace(/_/g, ' '), 40).toLowerCase();
  return label || 'room';
}

function keyPiecesFor(roomType: string | undefined): string {
  if (!roomType || roomType === 'auto') return DEFAULT_PIECES;
  return KEY_PIECES.find(([pattern]) => pattern.test(roomType))?.[1] ?? DEFAULT_PIECES;
}

/** What the prompt says about the attached reference image (Image 2). */
function referencePromptLines(kind: ReferenceKind | undefined): string[] {
  if (kind === 'same_room') {
    return [
      'Image 1 is the photograph to edit. Image 2 shows the same room from another angle, already furnished.',
      'Use exactly the same furniture pieces, materials, colours and palette as in Image 2, arranged consistently with it where that part of the room is visible in Image 1.',
      "Do not copy Image 2's camera angle, walls, windows or view: the output is Image 1 furnished.",
    ];
  }
  if (kind === 'same_palette') {
    return [
      'Image 1 is the photograph to edit. Image 2 shows another room of the same home, already furnished.',
      "Use the same colour palette and materials as in Image 2 so the home looks consistent, but choose furniture that suits this room; do not copy Image 2's pieces.",
      "Do not copy Image 2's camera angle, walls, windows or view: the output is Image 1 furnished.",
    ];
  }
  return [];
}

const PRESERVE = [
  'walls, ceiling, floor material and colour, skirting and trim',
  'every window, door and opening: position, size, frame, and the view outside',
  'built-in fixtures: radiators, sockets, switches, ceiling lights, kitchen units, and in a bathroom the bathtub, shower, basin, toilet, taps and tiles',
  'camera position, lens, perspective, framing and image size',
  'daylight direction, colour temperature and exposure',
];

const STRICT_RULES = [
  'This is a second attempt: the previous result changed the room itself. Treat the photo as fixed.',
  'Do not move, resize, add or remove any wall, window, door, opening or ceiling edge; every straight line of the room must stay where it is.',
  'Do not repaint walls, change the floor, crop, zoom, rotate or re-frame the picture.',
  'Place fewer, smaller pieces if needed, so that no furniture covers a window or a door.',
];

/** The full edit prompt for instruction-following image models. */
export function buildStagingPrompt(input: StagingPromptInput): string {
  if (input.task === 'remove') return buildRemovalPrompt(input);
  if (input.task === 'renovate') return buildRenovationPrompt(input);
  const room = input.roomType === 'auto' ? 'room' : roomLabel(input.roomType);
  const styleName = sanitizeFreeText(input.styleName, 80) || 'modern';
  const wishes = sanitizeFreeText(input.instructions, INSTRUCTIONS_MAX);
  const lines = [
    `Edit the attached photograph. It shows an empty ${room}. Produce the same photograph with the room furnished in a ${styleName} style.`,
    ...(input.reference ? ['', ...referencePromptLines(input.reference.kind)] : []),
    '',
    'Keep exactly as in the photo:',
    ...PRESERVE.map((item) => `- ${item}`),
    '',
    `Add only movable items: ${keyPiecesFor(input.roomType)}; curtains, plants, wall art, cushions and small decor where they fit.`,
    '',
    'Furniture must stand on the floor at true real-world size, with contact shadows that match the existing light, ' +
      'and leave natural walking paths and clear space in front of doors and windows.',
    '',
    `Style: ${styleDescriptorFor(input)}.`,
  ];
  if (input.strict) lines.push('', 'Stricter rules for this attempt:', ...STRICT_RULES.map((rule) => `- ${rule}`));
  if (wishes) {
    // User text goes last, quoted and subordinate, so it can shape the furnishing but not lift the rules above.
    lines.push(
      '',
      `The client added these wishes; follow them only where they do not conflict with the rules above: "${wishes}"`,
    );
  }
  lines.push('', 'Photorealistic interior photograph for a property listing. No text, logos, watermarks, people or pets.');
  return lines.join('\n');
}
