import { cameraForFloorLine, nearestVisibleFloor, project, type RoomCamera } from './room-camera.js';
import { coffeeTable } from './tables.js';
import { floorLamp, plant, rug, wallArt } from './decor.js';
import type { PhotoAnalysis } from './photo-analysis.js';
import { sharedDefs, type Scene } from './scene.js';
import { armchair, sofa } from './seating.js';
import type { StyleKit, StylePalette } from './style-kits.js';
import { scaleColor } from './svg.js';

/** Where the living-room set goes, in metres from the back wall (z) and from the camera axis (x). */
export interface SeatingLayout {
  sofaX: number;
  /** Multiplier on depths when the visible floor is shallow (1 = room enough). */
  depthScale: number;
  armchairSides: Array<1 | -1>;
  lampX: number | null;
  plantX: number | null;
  art: boolean;
}

const SOFA_HALF = 1.1;
const ARMCHAIR_OFFSET = 1.55;
const ARMCHAIR_Z = 1.8;
const DEEPEST_Z = 2.6; // front of the armchair

/** A rectangle of the photo, in pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The overlay for one photo: a transparent SVG with the furniture set, drawn in the photo's pixel
 * coordinates. Without `region` it covers the whole frame; with it, only that rectangle (same
 * pixels, so it is composited at region.left/top).
 */
export function furnishedSceneSvg(analysis: PhotoAnalysis, kit: StyleKit, region?: Region): string {
  const camera = cameraForFloorLine(analysis.width, analysis.height, analysis.floorLineY);
  const exposure = Math.max(0.82, Math.min(1.05, 0.6 + 0.55 * analysis.brightness));
  const scene: Scene = { camera, kit: { ...kit, palette: exposed(kit.palette, exposure) }, lightFrom: analysis.lightFrom };
  const layout = planLayout(camera, analysis, kit);
  const D = camera.backDistance;
  const z = (metres: number) => D - metres * layout.depthScale;
  const side = layout.armchairSides[0] ?? 1;
  const parts: string[] = [];
  if (layout.art) parts.push(wallArt(scene, layout.sofaX));
  parts.push(rug(scene, layout.sofaX, 2.7, z(0.55), z(DEEPEST_Z)));
  if (layout.lampX !== null) parts.push(floorLamp(scene, layout.lampX, z(0.28), side === 1 ? 1 : -1));
  if (layout.plantX !== null) parts.push(plant(scene, layout.plantX, z(0.3)));
  parts.push(sofa(scene, layout.sofaX, D - 0.08));
  parts.push(coffeeTable(scene, layout.sofaX, z(1.62)));
  for (const s of layout.armchairSides) parts.push(armchair(scene, layout.sofaX + s * ARMCHAIR_OFFSET, z(ARMCHAIR_Z), -s * 0.7));
  const { left, top, width, height } = region ?? { left: 0, top: 0, width: camera.width, height: camera.height };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">` +
    `<defs>${sharedDefs()}</defs>${parts.join('')}</svg>`
  );
}

/**
 * Puts the sofa where the wall above it is calm (no window or door in the picture's way), keeps every
 * piece inside the frame, and squeezes the depths when little floor is visible.
 */
export function planLayout(camera: RoomCamera, analysis: PhotoAnalysis, kit: StyleKit): SeatingLayout {
  const D = camera.backDistance;
  const visibleDepth = D - nearestVisibleFloor(camera);
  const depthScale = Math.max(0.45, Math.min(1, (visibleDepth - 0.35) / DEEPEST_Z));
  const inFrame = (X: number, d: number, margin = 0.02) => {
    const x = project(camera, X, 0, d).x;
    return x >= camera.width * margin && x <= camera.width * (1 - margin);
  };
  const wallRect = (X0: number, X1: number, Y0: number, Y1: number) => {
    const a = project(camera, X0, Y1, D);
    const b = project(camera, X1, Y0, D);
    return analysis.busyness(a.x, a.y, b.x, b.y);
  };
  const candidates = [0, -0.45, 0.45, -0.9, 0.9].filter((X) => inFrame(X - SOFA_HALF, D) && inFrame(X + SOFA_HALF, D));
  const cost = (X: number) => wallRect(X - 0.6, X + 0.6, 1.2, 2.05) + 0.5 * wallRect(X - SOFA_HALF, X + SOFA_HALF, 0.05, 0.85) + 3 * Math.abs(X);
  const sofaX = candidates.length ? candidates.reduce((best, X) => (cost(X) < cost(best) ? X : best)) : 0;
  const art = wallRect(sofaX - 0.6, sofaX + 0.6, 1.2, 2.05) < 9;
  const dChair = D - ARMCHAIR_Z * depthScale;
  const preferred: 1 | -1 = sofaX > 0 ? -1 : 1;
  const sides: Array<1 | -1> = kit.shapes.pairOfArmchairs ? [preferred, (preferred * -1) as 1 | -1] : [preferred];
  const armchairSides = sides.filter((s) => inFrame(sofaX + s * (ARMCHAIR_OFFSET + 0.45), dChair, 0));
  const mainSide = armchairSides[0] ?? preferred;
  const lampX = sofaX - mainSide * 1.42;
  const plantX = sofaX + mainSide * 1.42;
  const dBackItems = D - 0.3 * depthScale;
  return {
    sofaX,
    depthScale,
    armchairSides,
    lampX: inFrame(lampX, dBackItems, 0.03) ? lampX : null,
    plantX: inFrame(plantX, dBackItems, 0.04) ? plantX : null,
    art,
  };
}

/** Darkens (or slightly brightens) every colour so the set matches the photo's exposure. */
function exposed(palette: StylePalette, factor: number): StylePalette {
  const scaled = {} as Record<string, string | string[]>;
  for (const [key, value] of Object.entries(palette)) {
    scaled[key] = Array.isArray(value) ? value.map((c) => scaleColor(c, factor)) : scaleColor(value, factor);
  }
  return scaled as unknown as StylePalette;
}
