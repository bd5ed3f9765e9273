import sharp from 'sharp';
import { floorYAt, nearestVisibleFloor, project, type Point, type RoomCamera } from './offline/room-camera.js';
import { darken, ellipse, lighten, mix, n, polygon, rect, seededRandom } from './offline/svg.js';

/**
 * Draws a believable empty-room photo (one-point perspective: back wall, side walls, ceiling,
 * boards or tiles, skirting, window with daylight, a door in some variants) as a JPEG. Tests use it
 * as input and the landing page for its before/after examples, so it aims to look like a real
 * listing photo, not a diagram. Same variant and size, same bytes.
 */
export async function renderSampleRoom(variant: number, width: number, height: number): Promise<Buffer> {
  const room = sampleRoomPlan(variant, width, height);
  const svg = roomSvg(room);
  return sharp(Buffer.from(svg))
    .composite([{ input: await grainTile(variant, Math.min(256, width, height)), tile: true, blend: 'over' }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, mozjpeg: false })
    .toBuffer();
}

type FloorKind = 'oak' | 'walnut' | 'ash' | 'tiles';
type OpeningKind = 'back-window' | 'side-window' | 'french-door';

export interface SampleRoomPlan {
  camera: RoomCamera;
  /** Room extent in metres: X from left to right wall, ceiling height. */
  left: number;
  right: number;
  ceiling: number;
  wall: string;
  floor: FloorKind;
  opening: OpeningKind;
  /** Side of the window (light comes from there). */
  lightSide: 'left' | 'right';
  /** Centre X of a back-wall window / door, or depth centre of a side window. */
  openingAt: number;
  openingWidth: number;
  door: boolean;
  seed: number;
}

const WALLS = ['#ece6dc', '#e4e1da', '#dcd6cb', '#e8e2d6', '#d9ddd6', '#e9e4de'];
const FLOORS: FloorKind[] = ['oak', 'walnut', 'tiles', 'ash'];
const OPENINGS: OpeningKind[] = ['back-window', 'side-window', 'back-window', 'french-door'];

/** The random choices of one variant, separate from drawing so tests can reason about the geometry. */
export function sampleRoomPlan(variant: number, width: number, height: number): SampleRoomPlan {
  const random = seededRandom(0x5eed + variant * 7919);
  const roomWidth = 4.2 + random() * 1.4;
  const offset = (random() - 0.5) * 0.9;
  const backDistance = 5.2 + random() * 1.3;
  const wallShare = 0.5 + random() * 0.14; // back wall's share of the frame width
  const focal = (wallShare * Math.min(width, height * 1.5) * backDistance) / roomWidth;
  const camera: RoomCamera = {
    width,
    height,
    centerX: width * (0.5 + (random() - 0.5) * 0.08),
    horizonY: height * (0.4 + random() * 0.07),
    focal,
    eyeHeight: 1.35,
    backDistance,
  };
  const left = -roomWidth / 2 + offset;
  const opening = OPENINGS[variant % OPENINGS.length];
  const lightSide = random() < 0.5 ? 'left' : 'right';
  const openingWidth = opening === 'side-window' ? 1.4 + random() * 0.5 : 1.3 + random() * 0.7;
  const openingAt =
    opening === 'side-window'
      ? 1.4 + random() * 0.8
      : lightSide === 'left'
        ? left + 0.35 + openingWidth / 2 + random() * 0.4
        : left + roomWidth - 0.35 - openingWidth / 2 - random() * 0.4;
  return {
    camera,
    left,
    right: left + roomWidth,
    ceiling: 2.6 + random() * 0.25,
    wall: WALLS[Math.floor(random() * WALLS.length)],
    floor: FLOORS[variant % FLOORS.length],
    opening,
    lightSide,
    openingAt,
    openingWidth,
    door: variant % 2 === 1,
    seed: variant,
  };
}

function roomSvg(room: SampleRoomPlan): string {
  const { camera: c, left, right, ceiling } = room;
  const D = c.backDistance;
  const near = 0.08; // far enough in front of the lens that every plane leaves the frame
  const P = (X: number, Y: number, d: number) => project(c, X, Y, d);
  const wallLit = lighten(room.wall, 0.08);
  const wallShade = darken(room.wall, 0.1);
  const sideLeft = room.lightSide === 'left' ? darken(room.wall, 0.04) : darken(room.wall, 0.14);
  const sideRight = room.lightSide === 'right' ? darken(room.wall, 0.04) : darken(room.wall, 0.14);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${c.width}" height="${c.height}" viewBox="0 0 ${c.width} ${c.height}">`,
    defs(room, wallLit, wallShade),
    polygon([P(left, ceiling, D), P(right, ceiling, D), P(right, ceiling, near), P(left, ceiling, near)], `fill="${lighten(room.wall, 0.1)}"`),
    polygon([P(left, 0, D), P(left, ceiling, D), P(left, ceiling, near), P(left, 0, near)], `fill="${sideLeft}"`),
    polygon([P(right, 0, D), P(right, ceiling, D), P(right, ceiling, near), P(right, 0, near)], `fill="${sideRight}"`),
    rectBetween(P(left, ceiling, D), P(right, 0, D), 'fill="url(#backWall)"'),
    floorSvg(room, near),
    skirtingSvg(room, near),
    openingSvg(room),
    room.door ? doorSvg(room) : '',
    cornerShading(room, near),
    `<rect width="${c.width}" height="${c.height}" fill="url(#vignette)"/>`,
    '</svg>',
  ];
  return parts.join('');
}

function defs(room: SampleRoomPlan, wallLit: string, wallShade: string): string {
  const [from, to] = room.lightSide === 'left' ? [wallLit, wallShade] : [wallShade, wallLit];
  return (
    '<defs>' +
    `<linearGradient id="backWall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f4"/><stop offset="0.7" stop-color="#eef5fb"/><stop offset="1" stop-color="#dfe8dc"/></linearGradient>' +
    '<linearGradient id="floorFade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.12"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient>' +
    '<radialGradient id="sunPatch"><stop offset="0" stop-color="#fff8e8" stop-opacity="0.42"/><stop offset="1" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>' +
    '<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>' +
    '</defs>'
  );
}

function rectBetween(topLeft: Point, bottomRight: Point, attributes: string): string {
  return rect(topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y, attributes);
}

const FLOOR_COLORS: Record<FloorKind, string> = { oak: '#b58a5c', walnut: '#7a5236', ash: '#cdb595', tiles: '#bdb8b0' };

/** Boards run into the room (lines to the vanishing point) with staggered joints; tiles form a grid. */
function floorSvg(room: SampleRoomPlan, near: number): string {
  const { camera: c, left, right } = room;
  const D = c.backDistance;
  const random = seededRandom(room.seed * 131 + 7);
  const base = FLOOR_COLORS[room.floor];
  const nearest = Math.max(near, nearestVisibleFloor(c) * 0.85);
  const out: string[] = [];
  const P = (X: number, d: number) => project(c, X, 0, d);
  const tiles = room.floor === 'tiles';
  const step = tiles ? 0.6 : 0.19;
  const seam = `stroke="${tiles ? lighten(base, 0.35) : darken(base, 0.35)}" stroke-width="${n(Math.max(1, c.width / (tiles ? 600 : 1400)))}"`;
  out.push(polygon([P(left, D), P(right, D), P(right, near), P(left, near)], `fill="${base}"`));
  for (let X = left; X < right - 1e-6; X += step) {
    const X2 = Math.min(right, X + step);
    let d = D;
    let z = tiles ? 0 : random() * 1.8; // boards start staggered at the wall
    while (d > nearest) {
      const length = tiles ? step : 1.2 + random() * 1.4;
      const zEnd = z + (z === 0 && !tiles ? length * random() : length);
      const dNext = Math.max(nearest, D - zEnd);
      const tone = (random() - 0.5) * (tiles ? 0.1 : 0.16);
      const fill = tone >= 0 ? lighten(base, tone) : darken(base, -tone);
      out.push(polygon([P(X, d), P(X2, d), P(X2, dNext), P(X, dNext)], `fill="${fill}" ${seam}`));
      if (!tiles) out.push(grainLines(P, X, X2, d, dNext, fill, random));
      d = dNext;
      z = zEnd;
    }
  }
  out.push(polygon([P(left, D), P(right, D), P(right, nearest), P(left, nearest)], 'fill="url(#floorFade)"'));
  out.push(sunPatch(room));
  return out.join('');
}

function grainLines(P: (X: number, d: number) => Point, X: number, X2: number, d: number, d2: number, fill: string, random: () => number): string {
  const at = X + (X2 - X) * (0.3 + random() * 0.4);
  const a = P(at, d);
  const b = P(at + (random() - 0.5) * 0.02, d2);
  return `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke="${darken(fill, 0.08)}" stroke-opacity="0.5" stroke-width="1"/>`;
}

/** Daylight falling through the window onto the floor: a soft, skewed patch. */
function sunPatch(room: SampleRoomPlan): string {
  const c = room.camera;
  let X: number;
  let d: number;
  if (room.opening === 'side-window') {
    X = room.lightSide === 'left' ? room.left + 1.1 : room.right - 1.1;
    d = c.backDistance - room.openingAt;
  } else {
    X = room.openingAt;
    d = c.backDistance - 1.3;
  }
  const centre = project(c, X, 0, d);
  const span = room.openingWidth * (c.focal / d);
  const depth = floorYAt(c, d - 0.7) - floorYAt(c, d + 0.7);
  return ellipse(centre.x, centre.y, span * 0.75, Math.max(4, depth * 0.6), 'fill="url(#sunPatch)"');
}

function skirtingSvg(room: SampleRoomPlan, near: number): string {
  const { camera: c, left, right } = room;
  const D = c.backDistance;
  const h = 0.08;
  const P = (X: number, Y: number, d: number) => project(c, X, Y, d);
  const color = lighten(room.wall, 0.25);
  const edge = `stroke="${darken(room.wall, 0.25)}" stroke-width="${n(Math.max(1, c.width / 1600))}"`;
  return (
    rectBetween(P(left, h, D), P(right, 0, D), `fill="${color}" ${edge}`) +
    polygon([P(left, 0, D), P(left, h, D), P(left, h, near), P(left, 0, near)], `fill="${darken(color, 0.06)}" ${edge}`) +
    polygon([P(right, 0, D), P(right, h, D), P(right, h, near), P(right, 0, near)], `fill="${darken(color, 0.06)}" ${edge}`)
  );
}

/** A window (or glazed door) with frame, sill, mullions and a bright sky behind the glass. */
function openingSvg(room: SampleRoomPlan): string {
  const c = room.camera;
  const D = c.backDistance;
  const frame = '#f7f6f2';
  const frameEdge = `stroke="${darken(room.wall, 0.3)}" stroke-width="${n(Math.max(1, c.width / 1500))}"`;
  if (room.opening === 'side-window') {
    const X = room.lightSide === 'left' ? room.left : room.right;
    const dFar = D - (room.openingAt - room.openingWidth / 2);
    const dNear = D - (room.openingAt + room.openingWidth / 2);
    const quad = (y0: number, y1: number, a: number, b: number) => [project(c, X, y1, a), project(c, X, y1, b), project(c, X, y0, b), project(c, X, y0, a)];
    const out = [polygon(quad(0.82, 2.3, dFar, dNear), `fill="${frame}" ${frameEdge}`)];
    const inset = 0.06;
    out.push(polygon(quad(0.82 + inset, 2.3 - inset, dFar - inset, dNear + inset), 'fill="url(#sky)"'));
    const mid = D - room.openingAt;
    out.push(polygon(quad(0.82, 2.3, mid + 0.03, mid - 0.03), `fill="${frame}"`));
    out.push(polygon(quad(0.78, 0.84, dFar + 0.04, dNear - 0.04), `fill="${lighten(frame, 0.5)}" ${frameEdge}`));
    return out.join('');
  }
  const door = room.opening === 'french-door';
  const x0 = room.openingAt - room.openingWidth / 2;
  const x1 = room.openingAt + room.openingWidth / 2;
  const y0 = door ? 0.02 : 0.85;
  const y1 = door ? 2.25 : 2.25;
  const P = (X: number, Y: number) => project(c, X, Y, D);
  const t = 0.06;
  const out = [
    // Reveal: the wall thickness seen on the inner side of the opening.
    rectBetween(P(x0 - 0.05, y1 + 0.05), P(x1 + 0.05, y0 - 0.02), `fill="${darken(room.wall, 0.12)}"`),
    rectBetween(P(x0, y1), P(x1, y0), `fill="${frame}" ${frameEdge}`),
    rectBetween(P(x0 + t, y1 - t), P(x1 - t, y0 + t), 'fill="url(#sky)"'),
    horizonOutside(P(x0 + t, y1 - t), P(x1 - t, y0 + t), y1, y0, room.seed),
    rectBetween(P(room.openingAt - 0.025, y1), P(room.openingAt + 0.025, y0), `fill="${frame}"`),
  ];
  if (!door) {
    out.push(rectBetween(P(x0 + t, y0 + (y1 - y0) * 0.66 + 0.02), P(x1 - t, y0 + (y1 - y0) * 0.66 - 0.02), `fill="${frame}"`));
    out.push(rectBetween(P(x0 - 0.08, y0 + 0.01), P(x1 + 0.08, y0 - 0.04), `fill="${lighten(frame, 0.5)}" ${frameEdge}`));
  }
  return out.join('');
}

/** Distant trees/rooftops behind the glass, so the window reads as a window and not a white panel. */
function horizonOutside(topLeft: Point, bottomRight: Point, y1: number, y0: number, seed: number): string {
  const random = seededRandom(seed * 17 + 3);
  const width = bottomRight.x - topLeft.x;
  const glassHeight = bottomRight.y - topLeft.y;
  const base = topLeft.y + glassHeight * (0.72 - (y1 - y0 > 1.8 ? 0.1 : 0));
  const out: string[] = [
    `<clipPath id="glass">${rect(topLeft.x, topLeft.y, width, glassHeight, '')}</clipPath>`,
  ];
  for (let i = 0; i < 7; i++) {
    const cx = topLeft.x + width * (i / 6) + (random() - 0.5) * width * 0.08;
    const r = width * (0.09 + random() * 0.07);
    out.push(ellipse(cx, base - r * 0.3, r, r * 0.9, `fill="${mix('#8fa88a', '#b9c9b0', random())}" fill-opacity="0.8"`));
  }
  out.push(rect(topLeft.x, base, width, bottomRight.y - base, 'fill="#cfd6c6" fill-opacity="0.85"'));
  return `<g clip-path="url(#glass)">${out.join('')}</g>`;
}

/** A panelled door in the side wall opposite the light (or the back wall next to it for side windows). */
function doorSvg(room: SampleRoomPlan): string {
  const c = room.camera;
  const D = c.backDistance;
  const doorColor = '#f1efe9';
  const edge = `stroke="${darken(room.wall, 0.35)}" stroke-width="${n(Math.max(1, c.width / 1400))}"`;
  const onRight = room.lightSide === 'left';
  const X = onRight ? room.right : room.left;
  const a = D - 0.5;
  const b = D - 1.42;
  const quad = (y0: number, y1: number, da: number, db: number) => [project(c, X, y1, da), project(c, X, y1, db), project(c, X, y0, db), project(c, X, y0, da)];
  const shade = darken(doorColor, 0.08);
  const out = [
    polygon(quad(0, 2.12, a + 0.07, b - 0.07), `fill="${lighten(room.wall, 0.3)}" ${edge}`),
    polygon(quad(0.02, 2.05, a, b), `fill="${shade}" ${edge}`),
    polygon(quad(1.15, 1.95, a - 0.12, b + 0.12), `fill="none" ${edge} stroke-opacity="0.6"`),
    polygon(quad(0.15, 1.0, a - 0.12, b + 0.12), `fill="none" ${edge} stroke-opacity="0.6"`),
  ];
  const handle = project(c, X, 1.02, b + 0.12);
  out.push(ellipse(handle.x, handle.y, (c.focal / (b + 0.12)) * 0.03, (c.focal / (b + 0.12)) * 0.03, 'fill="#8a8a88"'));
  return out.join('');
}

/** Ambient occlusion where walls meet the floor and each other. */
function cornerShading(room: SampleRoomPlan, near: number): string {
  const { camera: c, left, right, ceiling } = room;
  const D = c.backDistance;
  const w = n(Math.max(2, c.width / 260));
  const style = `stroke="#000" stroke-opacity="0.07" stroke-width="${w}" fill="none"`;
  const P = (X: number, Y: number, d: number) => project(c, X, Y, d);
  const lines = [
    [P(left, 0, near), P(left, 0, D), P(right, 0, D), P(right, 0, near)],
    [P(left, ceiling, D), P(left, 0, D)],
    [P(right, ceiling, D), P(right, 0, D)],
    [P(left, ceiling, near), P(left, ceiling, D), P(right, ceiling, D), P(right, ceiling, near)],
  ];
  return lines.map((points) => `<polyline points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${style}/>`).join('');
}

/** A small tile of sensor-like grain; tiled, so even a 12 MP sample costs little. */
async function grainTile(seed: number, size: number): Promise<Buffer> {
  const random = seededRandom(seed * 977 + 1);
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const v = random();
    const value = v < 0.5 ? 0 : 255;
    pixels[i * 4] = value;
    pixels[i * 4 + 1] = value;
    pixels[i * 4 + 2] = value;
    pixels[i * 4 + 3] = Math.round(Math.abs(v - 0.5) * 2 * 14);
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}
