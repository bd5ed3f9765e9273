import type { PhotoAnalysis, Rect } from './photo-analysis.js';
import { nearestVisibleFloor, project, type RoomCamera } from './room-camera.js';
import type { StyleKit } from './style-kits.js';

/** Where each piece of the living-room set goes, in camera metres (X right of the axis, d away from the camera). */
export interface SeatingLayout {
  sofa: { x: number; dBack: number; width: number; againstWall: boolean } | null;
  table: { x: number; d: number } | null;
  rug: { x: number; width: number; dFar: number; dNear: number } | null;
  armchairs: Array<{ x: number; d: number; yaw: number }>;
  lamp: { x: number; d: number; toward: 1 | -1 } | null;
  plant: { x: number; d: number } | null;
  art: { x: number; d: number } | null;
}

/** A piece's room in the scene: footprint on the floor and height, for the checks below. */
export interface Volume {
  x: number;
  d: number;
  width: number;
  depth: number;
  height: number;
  /** Extra reach sideways above the floor (an arc lamp's arm), metres, signed. */
  reach?: number;
}

const SOFA_DEPTH = 0.92;

/**
 * Places the set so that every piece stands on the detected floor and leaves the photo's openings
 * visible: no piece may cover the upper two thirds of a window or door, nor any of a fireplace
 * (`analysis.protectedRects`). The sofa looks for the spot nearest the centre and the back wall where
 * it fits, a smaller sofa where the big one does not; the other pieces are placed around it and each
 * is dropped when its own spot fails the checks. A photo without room for a sofa gets what fits.
 */
export function planLayout(camera: RoomCamera, analysis: PhotoAnalysis, kit: StyleKit, variant = 0): SeatingLayout {
  const D = camera.backDistance;
  const nearest = nearestVisibleFloor(camera);
  const fits = (v: Volume) => volumeFits(camera, analysis, v);
  // Variations (decision 025) move the set's preferred spot off centre: centre, left, right, centre mirrored.
  const targetX = VARIANT_TARGET_X[variant % VARIANT_TARGET_X.length]!;
  const baseWidth = kit.shapes.tufted ? 2.2 : 2.1;

  let sofa: SeatingLayout['sofa'] = null;
  let best = Infinity;
  for (const width of [baseWidth, 1.7, 1.4]) {
    for (let back = 0; back <= 3; back += 0.15) {
      const dBack = D - 0.08 - back;
      if (dBack - SOFA_DEPTH < nearest + 0.15) break;
      for (let X = -2.4; X <= 2.4 + 1e-9; X += 0.15) {
        const v: Volume = { x: X, d: dBack - SOFA_DEPTH / 2, width, depth: SOFA_DEPTH, height: kit.shapes.backHeight };
        if (!fits(v)) continue;
        // A sofa filling most of the frame is one standing in front of the lens, not in the room.
        const rect = screenRect(camera, v);
        if (rect.right - rect.left > camera.width * 0.5) continue;
        // Against a wall (no floor right behind the back) reads as furnished; floating mid-room is second best.
        const behind = project(camera, X, 0, dBack + 0.35);
        const againstWall = !analysis.isFloor(behind.x, behind.y);
        // Allowed but not liked: standing in front of a door's lower part (it blocks the way), less so under a window.
        const blocks = analysis.openings.reduce((sum, o) => sum + coveredShare(o, rect) * (o.kind === 'window' ? 1 : 3), 0);
        const cost = Math.abs(X - targetX) * 0.45 + back * 0.6 + (againstWall ? 0 : 0.9) + (width < baseWidth ? 1.2 : 0) + blocks;
        if (cost < best) {
          best = cost;
          sofa = { x: X, dBack, width, againstWall };
        }
      }
    }
  }
  const anchorX = sofa?.x ?? 0;
  const anchorBack = sofa?.dBack ?? Math.min(D - 0.08, nearest + 3.2);
  const depthScale = Math.max(0.45, Math.min(1, (anchorBack - nearest - 0.35) / 2.5));
  const z = (metres: number) => anchorBack + 0.08 - metres * depthScale;

  const tableD = z(1.62);
  const table = sofa && fits({ x: anchorX, d: tableD, width: 1.2, depth: 0.7, height: 0.5 }) ? { x: anchorX, d: tableD } : null;

  let rug: SeatingLayout['rug'] = null;
  for (const width of [2.7, 2.2, 1.7]) {
    const r = { x: anchorX, width, dFar: z(0.55), dNear: z(2.6) };
    if (onFloor(camera, analysis, r.x, r.width, r.dFar, r.dNear)) {
      rug = r;
      break;
    }
  }

  const preferred = ((anchorX > 0 ? -1 : 1) * (variant % 4 === 3 ? -1 : 1)) as 1 | -1;
  const sides: Array<1 | -1> = [preferred, (preferred * -1) as 1 | -1];
  const armchairs: SeatingLayout['armchairs'] = [];
  const wanted = kit.shapes.pairOfArmchairs ? 2 : 1;
  for (const s of sides) {
    if (armchairs.length >= wanted) break;
    const spot = { x: anchorX + s * 1.55, d: z(1.8), yaw: -s * 0.7 };
    if (fits({ x: spot.x, d: spot.d, width: 1.05, depth: 1.05, height: 1.1 })) armchairs.push(spot);
  }

  const side = armchairs.length ? Math.sign(armchairs[0].x - anchorX) || preferred : preferred;
  const sofaHalf = (sofa?.width ?? 2.1) / 2;
  const dBackItems = anchorBack + 0.08 - 0.3 * depthScale;
  let lamp: SeatingLayout['lamp'] = null;
  for (const s of [-side, side] as Array<1 | -1>) {
    const x = anchorX + s * (sofaHalf + 0.32);
    const toward = (s === 1 ? -1 : 1) as 1 | -1;
    // The arc lamp reaches over the sofa; the others stand upright.
    const reach = kit.shapes.lamp === 'arc' ? 1.05 * toward : 0;
    if (armchairs.some((a) => Math.abs(a.x - x) < 0.9 && Math.abs(a.d - dBackItems) < 0.9)) continue;
    if (fits({ x, d: dBackItems, width: 0.5, depth: 0.5, height: 2.1, reach })) {
      lamp = { x, d: dBackItems, toward };
      break;
    }
  }
  let plant: SeatingLayout['plant'] = null;
  for (const s of [side, -side]) {
    const x = anchorX + s * (sofaHalf + 0.32);
    if (lamp && Math.abs(lamp.x - x) < 0.6) continue;
    if (armchairs.some((a) => Math.abs(a.x - x) < 0.9 && Math.abs(a.d - dBackItems) < 0.9)) continue;
    if (fits({ x, d: dBackItems, width: 0.6, depth: 0.5, height: 1.65 })) {
      plant = { x, d: dBackItems };
      break;
    }
  }
  return { sofa, table, rug, armchairs, lamp, plant, art: sofa ? artSpot(camera, analysis, sofa) : null };
}

/** Where each variation prefers its anchor piece, metres right of the camera axis. */
export const VARIANT_TARGET_X = [0, -0.9, 0.9, 0];

/** The ADR 019 checks in one: on the floor, off every protected opening, inside the frame. */
export function volumeFits(camera: RoomCamera, analysis: PhotoAnalysis, v: Volume): boolean {
  return standsOnFloor(camera, analysis, v) && !coversOpening(camera, analysis.protectedRects, v) && inFrame(camera, v);
}

/** Wall art above the sofa: only when the sofa stands against a wall and that wall is plain where the picture goes. */
function artSpot(camera: RoomCamera, analysis: PhotoAnalysis, sofa: NonNullable<SeatingLayout['sofa']>): SeatingLayout['art'] {
  if (!sofa.againstWall) return null;
  const d = sofa.dBack + 0.05;
  const a = project(camera, sofa.x - 0.6, 2.05, d);
  const b = project(camera, sofa.x + 0.6, 1.2, d);
  const rect = { left: a.x, top: a.y, right: b.x, bottom: b.y };
  if (analysis.protectedRects.some((p) => overlaps(p, rect))) return null;
  return analysis.plainWallShare(a.x, a.y, b.x, b.y) > 0.85 ? { x: sofa.x, d } : null;
}

/** The image rectangle a volume covers (its projected bounding box). */
export function screenRect(camera: RoomCamera, v: Volume): Rect {
  const xs: number[] = [];
  const ys: number[] = [];
  const left = v.x - v.width / 2 + Math.min(0, v.reach ?? 0);
  const right = v.x + v.width / 2 + Math.max(0, v.reach ?? 0);
  for (const X of [left, right]) {
    for (const d of [v.d - v.depth / 2, v.d + v.depth / 2]) {
      for (const Y of [0, v.height]) {
        const p = project(camera, X, Y, d);
        xs.push(p.x);
        ys.push(p.y);
      }
    }
  }
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Share 0..1 of rectangle `a` that `b` covers. */
function coveredShare(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  return (w * h) / Math.max(1, (a.right - a.left) * (a.bottom - a.top));
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function coversOpening(camera: RoomCamera, protectedRects: Rect[], v: Volume): boolean {
  const rect = screenRect(camera, v);
  return protectedRects.some((p) => overlaps(p, rect));
}

function inFrame(camera: RoomCamera, v: Volume): boolean {
  const r = screenRect(camera, v);
  const margin = camera.width * 0.015;
  return r.left >= margin && r.right <= camera.width - margin && r.top >= 0 && r.bottom <= camera.height;
}

/** Every corner and edge midpoint of the footprint lies on the detected floor. */
function standsOnFloor(camera: RoomCamera, analysis: PhotoAnalysis, v: Volume): boolean {
  return onFloor(camera, analysis, v.x, v.width, v.d + v.depth / 2, v.d - v.depth / 2);
}

function onFloor(camera: RoomCamera, analysis: PhotoAnalysis, x: number, width: number, dFar: number, dNear: number): boolean {
  for (const X of [x - width / 2, x, x + width / 2]) {
    for (const d of [dFar, (dFar + dNear) / 2, dNear]) {
      const p = project(camera, X, 0, d);
      if (p.x < 0 || p.x >= camera.width) return false;
      if (p.y >= camera.height) continue;
      if (!analysis.isFloor(p.x, p.y)) return false;
    }
  }
  return true;
}
