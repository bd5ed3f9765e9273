import type { RoomType } from '../../../../../contract/listing.js';
import { floorLamp, plant, rug } from './decor.js';
import type { PhotoAnalysis } from './photo-analysis.js';
import { VARIANT_TARGET_X, volumeFits, type Volume } from './placement.js';
import { nearestVisibleFloor, project } from './room-camera.js';
import { floorShadow, solid, type Scene } from './scene.js';
import { darken, lighten } from './svg.js';
import { bathBench, changingTable, coatRack, console_, crib, islandBench, laundryBasket, outdoorChair, tableTennis, wardrobeShelving } from './room-pieces.js';
import { sofa } from './seating.js';

/**
 * The offline engine's sets for room types other than a living room (decision 025): a bed in a
 * bedroom, a dining table with chairs, a desk with a task chair, a child's bed, a small bistro set
 * in a kitchen. Each set has one anchor piece placed like the sofa (ADR 019: on the floor, off every
 * protected opening, in the frame, preferring the back wall near the centre); the pieces around it
 * are kept only where they fit too. Drawn from the style kit's boxes, far to near.
 *
 * Decision 063 adds a set per new room type (pieces in room-pieces.ts): a bathroom gets only low,
 * loose things (a bench with folded towels, a laundry basket, a bath mat) out in the room, a metre
 * and more from the walls where its fixtures stand, so none is drawn over (the lock refuses a result
 * that hides most of a fixture); a hallway a console, a runner and a coat rack; a balcony two outdoor
 * chairs, a small table and plants; a basement a table-tennis table, a sofa and a shelf (a hobby desk
 * where the table does not fit); a walk-in closet open shelving and an island bench; a studio a bed with a loveseat and a table for two; a nursery a crib,
 * a changing table and a rug.
 */
export type FurnishedRoom = Exclude<RoomType, 'auto' | 'living_room'>;
/** A set to draw: a room type's own, or the walk-in closet's low one (its bench) where the shelving does not fit. */
type SetKind = FurnishedRoom | 'closet_bench';

interface Anchor {
  /** Footprint: width across, depth away from the camera, height. */
  width: number;
  depth: number;
  height: number;
  /** Stands against the back wall (a bed's headboard, a desk) rather than mid-room (a dining table). */
  wall: boolean;
  /** Mid-room pieces: at least this far (metres) from the back wall; 0.4 unless said. */
  clearance?: number;
}

const ANCHORS: Record<SetKind, Anchor> = {
  bedroom: { width: 1.7, depth: 2.1, height: 1.1, wall: true },
  kids_room: { width: 1.0, depth: 2.0, height: 0.9, wall: true },
  dining_room: { width: 1.7, depth: 1.9, height: 0.95, wall: false },
  home_office: { width: 1.4, depth: 1.3, height: 1.0, wall: true },
  kitchen: { width: 1.0, depth: 1.0, height: 0.95, wall: false },
  bathroom: { width: 1.4, depth: 0.6, height: 0.6, wall: false, clearance: 1.1 },
  hallway: { width: 1.1, depth: 0.35, height: 1.35, wall: true },
  balcony: { width: 1.7, depth: 0.8, height: 0.9, wall: false },
  basement: { width: 2.8, depth: 1.6, height: 0.92, wall: false },
  walk_in_closet: { width: 1.6, depth: 0.5, height: 2.0, wall: true },
  studio: { width: 1.5, depth: 2.1, height: 1.05, wall: true },
  nursery: { width: 1.3, depth: 0.7, height: 0.95, wall: true },
  closet_bench: { width: 1.2, depth: 0.55, height: 0.5, wall: false },
};

/** A narrow room that has no spot for the set gets the smaller one: a single bed, a table for two. */
const SMALLER: Partial<Record<FurnishedRoom, SetKind>> = {
  bedroom: 'kids_room',
  dining_room: 'kitchen',
  studio: 'kids_room',
  basement: 'home_office',
  balcony: 'kitchen',
  walk_in_closet: 'closet_bench',
};

type Piece = { d: number; draw: () => string };

export function roomSetParts(scene: Scene, analysis: PhotoAnalysis, wanted: FurnishedRoom, variant: number): string[] {
  const { camera } = scene;
  const fits = (v: Volume) => volumeFits(camera, analysis, v);
  const targetX = VARIANT_TARGET_X[variant % VARIANT_TARGET_X.length]!;
  let room: SetKind = wanted;
  let spot = findSpot(scene, analysis, ANCHORS[room], targetX);
  const smaller = SMALLER[wanted];
  if (!spot && smaller) {
    room = smaller;
    spot = findSpot(scene, analysis, ANCHORS[room], targetX);
  }
  if (!spot) return [];
  const { x, d } = spot; // centre of the footprint
  const pieces: Piece[] = [];
  const under: string[] = [];
  const side = variant % 2 === 0 ? 1 : -1;
  const maybe = (v: Volume, draw: () => string) => {
    if (fits(v)) pieces.push({ d: v.d, draw });
  };
  switch (room) {
    case 'bedroom':
    case 'kids_room': {
      const width = room === 'bedroom' ? 1.6 : 0.9;
      const length = room === 'bedroom' ? 2.05 : 1.95;
      under.push(rugIfFits(scene, analysis, x, width + 0.8, d + length / 2 - 0.5, d - length / 2 - 0.4));
      pieces.push({ d: d + length / 2, draw: () => bed(scene, x, d + length / 2, width, length, room === 'kids_room') });
      for (const s of room === 'bedroom' ? [-1, 1] : [side]) {
        const nx = x + s * (width / 2 + 0.3);
        const nd = d + length / 2 - 0.25;
        maybe({ x: nx, d: nd, width: 0.45, depth: 0.4, height: 1.0 }, () => nightstand(scene, nx, nd));
      }
      if (room === 'kids_room') {
        const px = x - side * (width / 2 + 0.5);
        maybe({ x: px, d: d + 0.6, width: 0.6, depth: 0.5, height: 1.65 }, () => plant(scene, px, d + 0.6));
      }
      break;
    }
    case 'dining_room':
    case 'kitchen': {
      const [tw, td] = room === 'dining_room' ? [1.6, 0.9] : [0.75, 0.75];
      if (room === 'dining_room') under.push(rugIfFits(scene, analysis, x, 2.6, d + 1.05, d - 1.05));
      const chairs: Array<[number, number, number]> =
        room === 'dining_room'
          ? [[-0.4, 1, 0], [0.4, 1, 0], [-0.4, -1, Math.PI], [0.4, -1, Math.PI]]
          : [[0, 1, 0], [0, -1, Math.PI]];
      for (const [cx, cs, yaw] of chairs) {
        const chairX = x + cx;
        const chairD = d + cs * (td / 2 + 0.2);
        pieces.push({ d: chairD, draw: () => chair(scene, chairX, chairD, yaw) });
      }
      pieces.push({ d, draw: () => table(scene, x, d, tw, td, 0.75) });
      const px = x + side * (tw / 2 + 0.9);
      maybe({ x: px, d: d + 0.5, width: 0.6, depth: 0.5, height: 1.65 }, () => plant(scene, px, d + 0.5));
      break;
    }
    case 'home_office': {
      const deskD = d + 0.3;
      pieces.push({ d: deskD, draw: () => table(scene, x, deskD, 1.4, 0.7, 0.75, true) });
      pieces.push({ d: deskD - 0.6, draw: () => chair(scene, x, deskD - 0.6, Math.PI, true) });
      const sx = x + side * 1.15;
      maybe({ x: sx, d: deskD + 0.1, width: 0.8, depth: 0.36, height: 1.9 }, () => shelf(scene, sx, deskD + 0.1));
      const lx = x - side * 1.0;
      maybe({ x: lx, d: deskD, width: 0.5, depth: 0.5, height: 2.1 }, () => floorLamp(scene, lx, deskD, side as 1 | -1));
      break;
    }
    case 'bathroom': {
      // Low loose things out in the room: the fixtures along the walls stay as photographed.
      under.push(rugIfFits(scene, analysis, x - side * 0.25, 0.9, d + 0.05, d - 0.55));
      pieces.push({ d: d + 0.1, draw: () => bathBench(scene, x + side * 0.3, d + 0.1) });
      const bx = x - side * 0.45;
      maybe({ x: bx, d: d + 0.15, width: 0.4, depth: 0.4, height: 0.45 }, () => laundryBasket(scene, bx, d + 0.15));
      break;
    }
    case 'hallway': {
      pieces.push({ d, draw: () => console_(scene, x, d) });
      under.push(rugIfFits(scene, analysis, x, 0.8, d - 0.35, d - 2.6) || rugIfFits(scene, analysis, x, 0.7, d - 0.35, d - 1.6));
      const rx = x + side * 1.05;
      maybe({ x: rx, d: d - 0.1, width: 0.5, depth: 0.5, height: 1.8 }, () => coatRack(scene, rx, d - 0.1));
      const px = x - side * 0.9;
      maybe({ x: px, d, width: 0.5, depth: 0.45, height: 1.6 }, () => plant(scene, px, d));
      break;
    }
    case 'balcony': {
      under.push(rugIfFits(scene, analysis, x, 1.8, d + 0.45, d - 0.45));
      for (const cx of [-0.55, 0.55]) pieces.push({ d: d + 0.1, draw: () => outdoorChair(scene, x + cx, d + 0.1, 0) });
      pieces.push({ d: d - 0.3, draw: () => table(scene, x, d - 0.3, 0.55, 0.55, 0.5) });
      for (const s of [-1, 1]) {
        const px = x + s * 1.25;
        maybe({ x: px, d: d + 0.2, width: 0.6, depth: 0.5, height: 1.65 }, () => plant(scene, px, d + 0.2));
      }
      break;
    }
    case 'basement': {
      // A hobby room: a table-tennis table mid-room, a sofa and a shelf against the walls where they fit.
      pieces.push({ d, draw: () => tableTennis(scene, x, d) });
      const sx = x + side * 2.35;
      const sd = d + 0.4;
      if (fits({ x: sx, d: sd, width: 1.7, depth: 0.92, height: 0.85 })) pieces.push({ d: sd, draw: () => sofa(scene, sx, sd + 0.46, 1.6) });
      const hx = x - side * 1.9;
      maybe({ x: hx, d: d + 1.0, width: 0.8, depth: 0.36, height: 1.9 }, () => shelf(scene, hx, d + 1.0));
      break;
    }
    case 'walk_in_closet': {
      pieces.push({ d, draw: () => wardrobeShelving(scene, x, d) });
      const bd = d - 1.1;
      maybe({ x, d: bd, width: 1.2, depth: 0.55, height: 0.5 }, () => islandBench(scene, x, bd));
      under.push(rugIfFits(scene, analysis, x, 1.6, d - 0.6, d - 1.6));
      break;
    }
    case 'closet_bench': {
      under.push(rugIfFits(scene, analysis, x, 1.7, d + 0.6, d - 0.6));
      pieces.push({ d, draw: () => islandBench(scene, x, d) });
      const rx = x + side * 1.2;
      maybe({ x: rx, d: d + 0.3, width: 1.0, depth: 0.5, height: 2.0 }, () => wardrobeShelving(scene, rx, d + 0.3, 0.9));
      break;
    }
    case 'studio': {
      const width = 1.4;
      const length = 2.05;
      under.push(rugIfFits(scene, analysis, x, width + 0.8, d + length / 2 - 0.5, d - length / 2 - 0.4));
      pieces.push({ d: d + length / 2, draw: () => bed(scene, x, d + length / 2, width, length, false) });
      // The living corner: a loveseat against the same wall, or a table for two where it does not fit.
      const lx = x - side * (width / 2 + 1.05);
      const dBack = d + length / 2;
      if (fits({ x: lx, d: dBack - 0.46, width: 1.5, depth: 0.92, height: 0.85 })) pieces.push({ d: dBack - 0.46, draw: () => sofa(scene, lx, dBack, 1.5) });
      const tx = x + side * (width / 2 + 0.75);
      const td = d - 0.2;
      if (fits({ x: tx, d: td, width: 0.75, depth: 1.3, height: 0.95 })) {
        pieces.push({ d: td + 0.475, draw: () => chair(scene, tx, td + 0.475, 0) });
        pieces.push({ d: td, draw: () => table(scene, tx, td, 0.75, 0.75, 0.75) });
        pieces.push({ d: td - 0.475, draw: () => chair(scene, tx, td - 0.475, Math.PI) });
      }
      break;
    }
    case 'nursery': {
      under.push(rugIfFits(scene, analysis, x, 1.6, d - 0.45, d - 1.5));
      pieces.push({ d, draw: () => crib(scene, x, d) });
      const cx = x + side * 1.15;
      maybe({ x: cx, d, width: 0.9, depth: 0.55, height: 1.0 }, () => changingTable(scene, cx, d));
      const px = x - side * 1.05;
      maybe({ x: px, d: d + 0.05, width: 0.5, depth: 0.45, height: 1.6 }, () => plant(scene, px, d + 0.05));
      break;
    }
  }
  pieces.sort((a, b) => b.d - a.d);
  return [...under.filter(Boolean), ...pieces.map((p) => p.draw())];
}

/** The anchor's spot: the cheapest fitting grid position (centre-ish, back, against a wall when it wants one). */
function findSpot(scene: Scene, analysis: PhotoAnalysis, anchor: Anchor, targetX: number): { x: number; d: number } | null {
  const { camera } = scene;
  const nearest = nearestVisibleFloor(camera);
  let best: { x: number; d: number } | null = null;
  let bestCost = Infinity;
  // A free-standing table stands mid-floor, between the back wall and the nearest floor seen; against the
  // back wall of a deep room it would be a toy at the far end (issue #35: a long living-dining room).
  const clearance = anchor.wall ? 0 : (anchor.clearance ?? 0.4);
  const deepest = camera.backDistance - 0.08 - clearance - anchor.depth / 2;
  const middle = (deepest + nearest + 0.15 + anchor.depth / 2) / 2;
  for (let back = 0; back <= (anchor.wall ? 3 : Math.max(3, deepest - middle)); back += 0.15) {
    const dBack = camera.backDistance - 0.08 - back - clearance;
    const d = dBack - anchor.depth / 2;
    if (d - anchor.depth / 2 < nearest + 0.15) break;
    for (let X = -2.4; X <= 2.4 + 1e-9; X += 0.15) {
      if (!volumeFits(camera, analysis, { x: X, d, width: anchor.width, depth: anchor.depth, height: anchor.height })) continue;
      const behind = project(camera, X, 0, dBack + 0.35);
      const againstWall = !analysis.isFloor(behind.x, behind.y);
      const depthCost = anchor.wall ? back * 0.6 : Math.abs(d - Math.min(middle, deepest)) * 0.6;
      const cost = Math.abs(X - targetX) * 0.45 + depthCost + (anchor.wall && !againstWall ? 0.9 : 0);
      if (cost < bestCost) {
        bestCost = cost;
        best = { x: X, d };
      }
    }
  }
  return best;
}

function rugIfFits(scene: Scene, analysis: PhotoAnalysis, x: number, width: number, dFar: number, dNear: number): string {
  const ok = volumeFits(scene.camera, analysis, { x, d: (dFar + dNear) / 2, width, depth: dFar - dNear, height: 0.01 });
  return ok ? rug(scene, x, width, dFar, dNear) : '';
}

/** A bed with its headboard against the wall at `dHead`: frame, mattress, duvet, pillows. */
function bed(scene: Scene, x: number, dHead: number, width: number, length: number, small: boolean): string {
  const { palette } = scene.kit;
  const dc = dHead - length / 2;
  const frame = small ? lighten(palette.wood, 0.25) : palette.wood;
  const duvet = small ? lighten(palette.pillows[0], 0.35) : lighten(palette.upholstery, 0.25);
  return [
    floorShadow(scene, x, dc, width + 0.1, length, 0.9),
    solid(scene, { x, d: dHead - 0.04, width: width + 0.1, depth: 0.08, y0: 0, y1: small ? 0.8 : 1.05, radius: 0.03 }, palette.upholstery, { volume: true }),
    solid(scene, { x, d: dc, width: width + 0.06, depth: length, y0: 0.08, y1: 0.32 }, frame),
    solid(scene, { x, d: dc, width, depth: length - 0.04, y0: 0.32, y1: 0.52, radius: 0.04 }, '#f3f1ec', { volume: true }),
    solid(scene, { x, d: dc - 0.3, width: width + 0.04, depth: length - 0.64, y0: 0.5, y1: 0.58, radius: 0.05 }, duvet, { volume: true }),
    ...(small ? [0] : [-0.38, 0.38]).map((px) =>
      solid(scene, { x: x + px, d: dHead - 0.28, width: small ? 0.6 : 0.6, depth: 0.3, y0: 0.52, y1: 0.68, radius: 0.06 }, px < 0 ? palette.pillows[1] : palette.pillows[0], { volume: true }),
    ),
  ].join('');
}

function nightstand(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  return [
    floorShadow(scene, x, d, 0.45, 0.4, 0.7),
    solid(scene, { x, d, width: 0.45, depth: 0.4, y0: 0.05, y1: 0.55 }, palette.wood),
    solid(scene, { x, d, width: 0.06, depth: 0.06, y0: 0.55, y1: 0.8 }, palette.metal),
    solid(scene, { x, d, width: 0.26, depth: 0.26, y0: 0.8, y1: 1.0, radius: 0.02 }, palette.lampShade, { volume: true }),
  ].join('');
}

/** A table top on four legs (a desk gets a drawer box on one side). */
function table(scene: Scene, x: number, d: number, width: number, depth: number, height: number, desk = false): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, width, depth, 0.8)];
  const leg = palette.metal === '#1d1d1d' || !desk ? darken(palette.wood, 0.1) : palette.metal;
  for (const sx of [-1, 1]) {
    for (const sd of [1, -1]) {
      out.push(solid(scene, { x: x + sx * (width / 2 - 0.06), d: d + sd * (depth / 2 - 0.06), width: 0.05, depth: 0.05, y0: 0, y1: height - 0.04 }, leg));
    }
  }
  if (desk) out.push(solid(scene, { x: x + width / 2 - 0.25, d, width: 0.4, depth: depth - 0.1, y0: 0.15, y1: height - 0.04 }, palette.wood));
  out.push(solid(scene, { x, d, width, depth, y0: height - 0.04, y1: height }, palette.tableTop));
  return out.join('');
}

/** A chair facing the table: `yaw` 0 = its back towards the wall (seen from the front), π = back towards the camera. */
function chair(scene: Scene, x: number, d: number, yaw: number, office = false): string {
  const { palette } = scene.kit;
  const seatColor = office ? palette.metal : palette.armchair;
  const backD = yaw === 0 ? d + 0.2 : d - 0.2;
  const out = [floorShadow(scene, x, d, 0.46, 0.46, 0.6)];
  for (const sx of [-1, 1]) {
    for (const sd of [1, -1]) out.push(solid(scene, { x: x + sx * 0.19, d: d + sd * 0.19, width: 0.035, depth: 0.035, y0: 0, y1: 0.44 }, palette.wood));
  }
  const seat = solid(scene, { x, d, width: 0.46, depth: 0.44, y0: 0.42, y1: 0.48, radius: 0.02 }, seatColor, { volume: true });
  const back = solid(scene, { x, d: backD, width: 0.44, depth: 0.05, y0: 0.48, y1: office ? 1.05 : 0.9, radius: 0.03 }, seatColor, { volume: true });
  // The nearer of seat and back is drawn last.
  out.push(...(yaw === 0 ? [back, seat] : [seat, back]));
  return out.join('');
}

function shelf(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, 0.8, 0.36, 0.7), solid(scene, { x, d, width: 0.8, depth: 0.36, y0: 0, y1: 1.9 }, palette.wood)];
  const books = [palette.pillows[0], palette.pillows[1], palette.art[1], palette.rugPattern];
  for (let i = 0; i < 4; i++) {
    const y0 = 0.12 + i * 0.45;
    out.push(solid(scene, { x: x - 0.12 + (i % 2) * 0.18, d: d - 0.19, width: 0.34, depth: 0.02, y0, y1: y0 + 0.26 }, books[i]!));
  }
  return out.join('');
}
