import { INSTRUCTIONS_MAX } from '../../../../contract/limits.js';
import { sanitizeFreeText } from '../prompts.js';

/**
 * The furniture-removal prompt (decision 027), in English for every instruction-edit engine. It
 * frames the job as an edit of this exact photo, names what goes (loose furniture and clutter) and
 * what stays (the building and its built-ins), and asks for the revealed floor and wall to continue
 * the photo's own surfaces: the geometry lock keeps only what disappeared and refuses a result whose
 * doors, windows or built-in verticals vanished.
 */
const REMOVE = 'sofas, chairs, tables, desks, beds, loose shelving units, rugs, moving boxes, bags, cables, lamps standing on the floor or on furniture, plants, pictures and every small object';
const KEEP = [
  'walls, ceiling, floor material, pattern and colour, skirting and trim',
  'every window, door, sliding door, glass partition and opening: position, size, frame, glass, and the view outside',
  'built-ins: kitchen units and worktops, built-in shelves and cupboards, wardrobes fixed to the wall, radiators, sockets, switches, ceiling and wall lights',
  'camera position, lens, perspective, framing and image size',
  'daylight direction, colour temperature and exposure',
];
const STRICT = [
  'This is a second attempt: the previous result changed the room itself. Treat the photo as fixed.',
  'Remove objects only; do not move, resize, repaint or remove any wall, window, door, frame, built-in or ceiling edge.',
  'Where unsure whether something is built in, keep it.',
];

export function buildRemovalPrompt(input: { roomType?: string; instructions?: string; strict?: boolean }): string {
  const room = sanitizeFreeText(input.roomType, 40).toLowerCase() || 'room';
  const wishes = sanitizeFreeText(input.instructions, INSTRUCTIONS_MAX);
  const lines = [
    `Edit the attached photograph. It shows a furnished ${room}. Produce the same photograph with the room emptied: all loose furniture and clutter removed.`,
    '',
    `Remove: ${REMOVE}.`,
    '',
    'Keep exactly as in the photo:',
    ...KEEP.map((item) => `- ${item}`),
    '',
    'Where an object stood, continue the floor and wall behind it exactly as they look elsewhere in the photo (same boards, tiles, pattern, ' +
      'skirting and paint), with no leftover shadows, marks or outlines. Add nothing.',
  ];
  if (input.strict) lines.push('', 'Stricter rules for this attempt:', ...STRICT.map((rule) => `- ${rule}`));
  if (wishes) lines.push('', `The client added these wishes; follow them only where they do not conflict with the rules above: "${wishes}"`);
  lines.push('', 'Photorealistic interior photograph for a property listing. No text, logos, watermarks, people or pets.');
  return lines.join('\n');
}
