import { FLOOR_LOOKS, PAINT_PALETTE, type RenovationChoice } from '../../../../contract/renovation.js';
import { INSTRUCTIONS_MAX } from '../../../../contract/limits.js';
import { sanitizeFreeText } from '../prompts.js';

/**
 * The renovation prompt (decision 062), in English for every instruction-edit engine. It frames the
 * job as a re-surfacing of this exact photo: it names each chosen surface and its new finish, and
 * lists everything else as fixed: the geometry lock's surface mode (geometry-lock/surface-mode/)
 * refuses a result whose lines or openings moved and gives every surface not chosen back to the photo.
 */
const KEEP = [
  'every line of the room: wall corners, the ceiling edge, floor edges, skirting and trim, in exactly the same place',
  'every window, door and opening: position, size, frame, glass, and the view outside',
  'built-ins and fixtures: kitchen units and worktops, radiators, sockets, switches, lights, built-in shelves',
  'any furniture and objects already in the room',
  'camera position, lens, perspective, framing and image size',
  'daylight direction, shadows, colour temperature and exposure',
];
const STRICT = [
  'This is a second attempt: the previous result moved or changed parts of the room that had to stay. Treat the photo as fixed.',
  'Change the colour or material of the named surfaces only, inside their existing outlines; draw no new line, opening or object.',
];

/** A palette colour's English name with its code (the model reads both), or the code alone. */
function paint(hex: string): string {
  const named = PAINT_PALETTE.find((p) => p.hex.toLowerCase() === hex.toLowerCase());
  return named ? `${named.name.en.toLowerCase()} (${hex.toUpperCase()})` : `the colour ${hex.toUpperCase()}`;
}

/** One line per chosen surface, in the order walls, floor, ceiling. */
export function renovationChanges(choice: RenovationChoice): string[] {
  const lines: string[] = [];
  if (choice.walls) lines.push(`Walls: repaint every wall surface in ${paint(choice.walls.colour)}, a flat matt finish, keeping the light and shadows on them.`);
  if (choice.floor) lines.push(`Floor: replace the floor covering with ${FLOOR_LOOKS[choice.floor.material].prompt}, in the floor's existing outline and perspective.`);
  if (choice.ceiling) lines.push(`Ceiling: repaint the ceiling in ${paint(choice.ceiling.colour)}, a flat matt finish.`);
  return lines;
}

export function buildRenovationPrompt(input: { roomType?: string; instructions?: string; strict?: boolean; renovation?: RenovationChoice }): string {
  const room = sanitizeFreeText(input.roomType?.replace(/_/g, ' '), 40).toLowerCase();
  const wishes = sanitizeFreeText(input.instructions, INSTRUCTIONS_MAX);
  const choice = input.renovation ?? {};
  const unchanged = (['walls', 'floor', 'ceiling'] as const).filter((s) => !choice[s]);
  const lines = [
    `Edit the attached photograph of a ${room && room !== 'auto' ? room : 'room'}. Show the same room after a renovation of the named surfaces only.`,
    '',
    'Change:',
    ...renovationChanges(choice).map((line) => `- ${line}`),
    '',
    'Keep exactly as in the photo:',
    ...KEEP.map((item) => `- ${item}`),
    ...(unchanged.length ? [`- the ${unchanged.join(' and ')}: same colour and material as in the photo`] : []),
  ];
  if (input.strict) lines.push('', 'Stricter rules for this attempt:', ...STRICT.map((rule) => `- ${rule}`));
  if (wishes) lines.push('', `The client added these wishes; follow them only where they do not conflict with the rules above: "${wishes}"`);
  lines.push('', 'Photorealistic interior photograph. No text, logos, watermarks, people or pets.');
  return lines.join('\n');
}
