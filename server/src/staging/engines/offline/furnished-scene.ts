import type { RoomType } from '../../../../../contract/listing.js';
import { roomSetParts, type FurnishedRoom } from './room-sets.js';
import { cameraForFloorLine } from './room-camera.js';
import { planLayout } from './placement.js';
import { coffeeTable } from './tables.js';
import { floorLamp, plant, rug, wallArt } from './decor.js';
import type { PhotoAnalysis } from './photo-analysis.js';
import { sharedDefs, type Scene } from './scene.js';
import { armchair, sofa } from './seating.js';
import type { StyleKit, StylePalette } from './style-kits.js';
import { scaleColor } from './svg.js';

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
export interface SceneOptions {
  /** What the photo shows (decision 025); a living-room set for `auto`, `living_room` or none. */
  roomType?: RoomType;
  /** Which variation: the set's preferred spot moves (placement.ts `VARIANT_TARGET_X`). */
  variant?: number;
  /** The smaller living-room set: everything but the sofa and the art above it (the fallback when the sofa hides built structure). */
  withoutSofa?: boolean;
}

export function furnishedSceneSvg(analysis: PhotoAnalysis, kit: StyleKit, region?: Region, options: SceneOptions = {}): string {
  const camera = cameraForFloorLine(analysis.width, analysis.height, analysis.floorLineY);
  const exposure = Math.max(0.82, Math.min(1.05, 0.6 + 0.55 * analysis.brightness));
  const scene: Scene = { camera, kit: { ...kit, palette: exposed(kit.palette, exposure) }, lightFrom: analysis.lightFrom };
  const room = options.roomType && options.roomType !== 'auto' && options.roomType !== 'living_room' ? (options.roomType as FurnishedRoom) : null;
  const parts: string[] = room ? roomSetParts(scene, analysis, room, options.variant ?? 0) : livingRoomParts(scene, analysis, kit, options.variant ?? 0, options.withoutSofa);
  const { left, top, width, height } = region ?? { left: 0, top: 0, width: camera.width, height: camera.height };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">` +
    `<defs>${sharedDefs()}</defs>${parts.join('')}</svg>`
  );
}

/** The living-room set (ADR 019). */
function livingRoomParts(scene: Scene, analysis: PhotoAnalysis, kit: StyleKit, variant: number, withoutSofa = false): string[] {
  const planned = planLayout(scene.camera, analysis, kit, variant);
  const layout = withoutSofa ? { ...planned, sofa: null, art: null } : planned;
  const parts: string[] = [];
  if (layout.art) parts.push(wallArt(scene, layout.art.x, layout.art.d));
  if (layout.rug) parts.push(rug(scene, layout.rug.x, layout.rug.width, layout.rug.dFar, layout.rug.dNear));
  // Far to near, so nearer pieces overlap further ones.
  const pieces: Array<{ d: number; draw: () => string }> = [];
  if (layout.lamp) {
    const { x, d, toward } = layout.lamp;
    pieces.push({ d, draw: () => floorLamp(scene, x, d, toward) });
  }
  if (layout.plant) {
    const { x, d } = layout.plant;
    pieces.push({ d, draw: () => plant(scene, x, d) });
  }
  if (layout.sofa) {
    const { x, dBack, width, againstWall } = layout.sofa;
    pieces.push({ d: dBack - 0.46, draw: () => sofa(scene, x, dBack, width, againstWall) });
  }
  if (layout.table) {
    const { x, d } = layout.table;
    pieces.push({ d, draw: () => coffeeTable(scene, x, d) });
  }
  for (const chair of layout.armchairs) pieces.push({ d: chair.d, draw: () => armchair(scene, chair.x, chair.d, chair.yaw) });
  pieces.sort((a, b) => b.d - a.d);
  for (const piece of pieces) parts.push(piece.draw());
  return parts;
}

/** Darkens (or slightly brightens) every colour so the set matches the photo's exposure. */
function exposed(palette: StylePalette, factor: number): StylePalette {
  const scaled = {} as Record<string, string | string[]>;
  for (const [key, value] of Object.entries(palette)) {
    scaled[key] = Array.isArray(value) ? value.map((c) => scaleColor(c, factor)) : scaleColor(value, factor);
  }
  return scaled as unknown as StylePalette;
}
