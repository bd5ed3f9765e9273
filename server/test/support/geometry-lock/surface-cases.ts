import sharp from 'sharp';
import type { RenovationChoice } from '../../../../contract/renovation.js';

/**
 * Generated cases for the lock's surface mode (decision 062) whose right answer is known: a drawn
 * room (ceiling, three walls, a plank floor, a window with a view, a doorway, a kitchen unit) is the
 * photo; the model's "answer" is the same drawing with some surfaces re-done, and in the negative
 * cases with a window moved or a cabinet's outline moved as well. Boxes name plain parts of each
 * surface (in pixels of the 1200×800 photo) where the delivered colour is measured.
 */
export interface SurfaceCase {
  name: string;
  expected: 'locked' | 'refused';
  /** For locked cases: surfaces the lock must report as re-done although not chosen (restored from the photo). */
  restored?: string[];
  choice: RenovationChoice;
  original: Buffer;
  result: Buffer;
}

export const ROOM = { width: 1200, height: 800 };
/** Plain patches of each surface (no line, no opening, no fixture), in photo pixels. */
export const PATCHES = {
  backWall: { x0: 320, y0: 450, x1: 370, y1: 505 },
  leftWall: { x0: 30, y0: 250, x1: 110, y1: 420 },
  rightWall: { x0: 1090, y0: 250, x1: 1170, y1: 420 },
  ceiling: { x0: 420, y0: 40, x1: 560, y1: 140 },
  floor: { x0: 250, y0: 600, x1: 550, y1: 700 },
} as const;

interface Look {
  walls: [string, string, string];
  ceiling: string;
  floor: string;
  /** Board lines across the floor: how many (a new floor has other boards). */
  boards: number;
  windowShift: number;
  cabinetTop: number;
}

const PHOTO: Look = { walls: ['#DCD6CC', '#CFC8BC', '#E6E0D6'], ceiling: '#EFEEEA', floor: '#8E6A4A', boards: 14, windowShift: 0, cabinetTop: 385 };
export const SAGE = '#9CAF88';
const SAGE_WALLS: Look['walls'] = ['#9CAF88', '#91A37E', '#A6B892'];

function roomSvg(look: Look): string {
  const { width: W, height: H } = ROOM;
  const vp = { x: 600, y: 120 };
  const boards = Array.from({ length: look.boards + 1 }, (_, k) => {
    const xb = -300 + (k * (W + 600)) / look.boards;
    // From the floor's far edge (y 520) to the bottom, along the line towards the vanishing point.
    const t = (520 - vp.y) / (H - vp.y);
    const xTop = vp.x + (xb - vp.x) * t;
    return `<line x1="${xTop.toFixed(1)}" y1="520" x2="${xb.toFixed(1)}" y2="${H}" stroke="#000" stroke-opacity="0.28" stroke-width="2"/>`;
  }).join('');
  const joints = [560, 610, 680, 770].map((y) => `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#000" stroke-opacity="0.12" stroke-width="1.5"/>`).join('');
  const wx = 390 + look.windowShift;
  const ct = look.cabinetTop;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7FB2E5"/><stop offset="1" stop-color="#D5E8F7"/></linearGradient>
    <clipPath id="floor"><polygon points="300,520 900,520 1200,800 0,800"/></clipPath>
  </defs>
  <polygon points="0,0 1200,0 900,180 300,180" fill="${look.ceiling}"/>
  <polygon points="0,0 300,180 300,520 0,800" fill="${look.walls[1]}"/>
  <polygon points="1200,0 900,180 900,520 1200,800" fill="${look.walls[2]}"/>
  <rect x="300" y="180" width="600" height="340" fill="${look.walls[0]}"/>
  <polygon points="300,520 900,520 1200,800 0,800" fill="${look.floor}"/>
  <g clip-path="url(#floor)">${boards}${joints}</g>
  <line x1="300" y1="516" x2="900" y2="516" stroke="#F7F5F0" stroke-width="8"/>
  <line x1="300" y1="180" x2="900" y2="180" stroke="#000" stroke-opacity="0.22" stroke-width="2"/>
  <line x1="0" y1="0" x2="300" y2="180" stroke="#000" stroke-opacity="0.22" stroke-width="2"/>
  <line x1="1200" y1="0" x2="900" y2="180" stroke="#000" stroke-opacity="0.22" stroke-width="2"/>
  <line x1="300" y1="180" x2="300" y2="520" stroke="#000" stroke-opacity="0.28" stroke-width="2"/>
  <line x1="900" y1="180" x2="900" y2="520" stroke="#000" stroke-opacity="0.28" stroke-width="2"/>
  <rect x="${wx}" y="230" width="170" height="200" fill="#FFFFFF"/>
  <rect x="${wx + 10}" y="240" width="150" height="180" fill="url(#sky)"/>
  <circle cx="${wx + 40}" cy="380" r="38" fill="#4F7A3A"/><circle cx="${wx + 105}" cy="395" r="30" fill="#3E6B2F"/><circle cx="${wx + 140}" cy="370" r="22" fill="#5E8C45"/>
  <rect x="${wx + 80}" y="240" width="10" height="180" fill="#FFFFFF"/><rect x="${wx + 10}" y="325" width="150" height="8" fill="#FFFFFF"/>
  <polygon points="120,250 220,310 220,560 120,600" fill="#6B5240"/><polygon points="132,268 208,314 208,552 132,584" fill="#3A2E26"/>
  <rect x="640" y="${ct - 12}" width="230" height="14" fill="#3C3A36"/>
  <rect x="645" y="${ct}" width="220" height="${545 - ct}" fill="#5F7280"/>
  <line x1="718" y1="${ct}" x2="718" y2="545" stroke="#2E3A42" stroke-width="3"/><line x1="792" y1="${ct}" x2="792" y2="545" stroke="#2E3A42" stroke-width="3"/>
  <rect x="700" y="${ct + 20}" width="6" height="40" fill="#D0D0D0"/><rect x="730" y="${ct + 20}" width="6" height="40" fill="#D0D0D0"/><rect x="805" y="${ct + 20}" width="6" height="40" fill="#D0D0D0"/>
  <circle cx="600" cy="90" r="26" fill="#FAFAF5" stroke="#9A958B" stroke-width="3"/>
  <rect x="980" y="430" width="24" height="34" fill="#F4F2EC" stroke="#A8A398" stroke-width="2"/>
</svg>`;
}

/** The drawing with a soft light fall-off and a little grain, as a photo has, encoded as JPEG. */
async function render(look: Look, size = ROOM, quality = 92): Promise<Buffer> {
  const { width: W, height: H } = ROOM;
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><radialGradient id="l" cx="0.45" cy="0.35" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#l)"/></svg>`;
  const flat = await sharp(Buffer.from(roomSvg(look))).composite([{ input: Buffer.from(light) }]).removeAlpha().raw().toBuffer();
  // Deterministic grain (±3 levels), as sensor noise.
  let seed = 12345;
  for (let i = 0; i < flat.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    flat[i] = Math.max(0, Math.min(255, flat[i] + ((seed >> 16) % 7) - 3));
  }
  return sharp(flat, { raw: { width: W, height: H, channels: 3 } }).resize(size.width, size.height, { fit: 'fill' }).jpeg({ quality }).toBuffer();
}

/** The drawn room as a photo, and the model answers a renovation test needs (walls sage green; the window moved too). */
export async function renovationRoom(size = ROOM) {
  return {
    photo: await render(PHOTO, size),
    sageWalls: await render({ ...PHOTO, walls: SAGE_WALLS }, size),
    sageWallsWindowMoved: await render({ ...PHOTO, walls: SAGE_WALLS, windowShift: 140 }, size),
    photoColours: { walls: PHOTO.walls[0], floor: PHOTO.floor },
  };
}

export async function surfaceCases(): Promise<SurfaceCase[]> {
  const original = await render(PHOTO);
  const walls: RenovationChoice = { walls: { colour: SAGE } };
  const floor: RenovationChoice = { floor: { material: 'light_oak' } };
  return [
    { name: 'walls sage green inside their lines', expected: 'locked', choice: walls, original, result: await render({ ...PHOTO, walls: SAGE_WALLS }) },
    { name: 'walls sage green, answered at 1536×1024, JPEG q75', expected: 'locked', choice: walls, original, result: await render({ ...PHOTO, walls: SAGE_WALLS }, { width: 1536, height: 1024 }, 75) },
    { name: 'floor re-done in light oak (other boards)', expected: 'locked', choice: floor, original, result: await render({ ...PHOTO, floor: '#D8BD92', boards: 22 }) },
    { name: 'walls sage green, window moved', expected: 'refused', choice: walls, original, result: await render({ ...PHOTO, walls: SAGE_WALLS, windowShift: 140 }) },
    { name: 'floor light oak, window moved', expected: 'refused', choice: floor, original, result: await render({ ...PHOTO, floor: '#D8BD92', boards: 22, windowShift: 140 }) },
    { name: 'walls asked, ceiling re-done too (restored)', expected: 'locked', restored: ['ceiling'], choice: walls, original, result: await render({ ...PHOTO, walls: SAGE_WALLS, ceiling: '#8FA3B5' }) },
    { name: 'walls sage green, cabinet top moved up', expected: 'refused', choice: walls, original, result: await render({ ...PHOTO, walls: SAGE_WALLS, cabinetTop: 330 }) },
  ];
}
