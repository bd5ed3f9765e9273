import { project, type Point, type RoomCamera } from './room-camera.js';
import { darken, ellipse, lighten, n, polygon, rect } from './svg.js';
import type { StyleKit } from './style-kits.js';

/**
 * What every furniture drawer needs: the camera, where the light comes from and the style.
 * Positions are metres in camera space: X right of the camera axis, Y up, d away from the camera.
 */
export interface Scene {
  camera: RoomCamera;
  kit: StyleKit;
  /** +1 when daylight comes from the right, -1 from the left. */
  lightFrom: 1 | -1;
}

/** An upright box standing on the floor plan: centre (x, d), size, height range, turned by `yaw` radians. */
export interface Solid {
  x: number;
  d: number;
  width: number;
  depth: number;
  y0: number;
  y1: number;
  yaw?: number;
  /** Corner rounding of the front face in metres (drawn exactly when the box faces the camera). */
  radius?: number;
}

type Vec3 = [number, number, number];

/** Draws the visible faces of a box, shaded by how each face turns toward the light. */
export function solid(scene: Scene, box: Solid, color: string, options: { outline?: string; volume?: boolean } = {}): string {
  const yaw = box.yaw ?? 0;
  const cos = Math.cos(yaw);
  const sin = Math.sin(yaw);
  const hw = box.width / 2;
  const hd = box.depth / 2;
  const corner = (lx: number, lz: number, y: number): Vec3 => [box.x + lx * cos - lz * sin, y, box.d + lx * sin + lz * cos];
  const faces: Array<{ normal: Vec3; corners: Vec3[]; kind: 'front' | 'side' | 'top' | 'bottom' }> = [
    { kind: 'top', normal: [0, 1, 0], corners: [corner(-hw, hd, box.y1), corner(hw, hd, box.y1), corner(hw, -hd, box.y1), corner(-hw, -hd, box.y1)] },
    { kind: 'bottom', normal: [0, -1, 0], corners: [corner(-hw, hd, box.y0), corner(hw, hd, box.y0), corner(hw, -hd, box.y0), corner(-hw, -hd, box.y0)] },
    { kind: 'side', normal: [-cos, 0, -sin], corners: [corner(-hw, hd, box.y1), corner(-hw, -hd, box.y1), corner(-hw, -hd, box.y0), corner(-hw, hd, box.y0)] },
    { kind: 'side', normal: [cos, 0, sin], corners: [corner(hw, hd, box.y1), corner(hw, -hd, box.y1), corner(hw, -hd, box.y0), corner(hw, hd, box.y0)] },
    { kind: 'front', normal: [sin, 0, -cos], corners: [corner(-hw, -hd, box.y1), corner(hw, -hd, box.y1), corner(hw, -hd, box.y0), corner(-hw, -hd, box.y0)] },
  ];
  const eye: Vec3 = [0, scene.camera.eyeHeight, 0];
  const out: string[] = [];
  const edge = options.outline ? ` stroke="${options.outline}" stroke-width="${n(strokeWidth(scene))}" stroke-linejoin="round"` : '';
  for (const face of faces) {
    const centre = face.corners.reduce<Vec3>((acc, c) => [acc[0] + c[0] / 4, acc[1] + c[1] / 4, acc[2] + c[2] / 4], [0, 0, 0]);
    const toEye = [eye[0] - centre[0], eye[1] - centre[1], eye[2] - centre[2]];
    if (face.normal[0] * toEye[0] + face.normal[1] * toEye[1] + face.normal[2] * toEye[2] <= 1e-6) continue;
    const fill = shade(scene, color, face.normal);
    const points = face.corners.map(([X, Y, d]) => project(scene.camera, X, Y, d));
    if (face.kind === 'front' && yaw === 0 && box.radius) {
      const r = box.radius * (scene.camera.focal / (box.d - hd));
      const [x, y, w, h] = [points[0].x, points[0].y, points[1].x - points[0].x, points[2].y - points[0].y];
      out.push(rect(x, y, w, h, `fill="${fill}"${edge}`, r));
      // A soft top-light/bottom-dark gradient makes cushions read as padded rather than flat.
      if (options.volume) out.push(rect(x, y, w, h, 'fill="url(#volume)"', r));
      continue;
    }
    // Rounded joins soften the silhouette of upholstery without true curved geometry.
    const soft = box.radius ? ` stroke="${fill}" stroke-width="${n(box.radius * (scene.camera.focal / box.d))}" stroke-linejoin="round"` : edge;
    out.push(polygon(points, `fill="${fill}"${soft}`));
  }
  return out.join('');
}

/** Lambert-ish shading with a high ambient term: interiors are lit softly, faces only differ a little. */
export function shade(scene: Scene, color: string, normal: Vec3): string {
  if (normal[1] > 0.5) return lighten(color, 0.1);
  if (normal[1] < -0.5) return darken(color, 0.3);
  const light: Vec3 = [scene.lightFrom * 0.7, 0.3, -0.65];
  const dot = normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2];
  const factor = 0.16 - 0.2 * Math.max(-0.4, dot);
  return factor >= 0 ? darken(color, factor) : lighten(color, -factor);
}

export function strokeWidth(scene: Scene): number {
  return Math.max(0.6, scene.camera.width / 1800);
}

/** Projects a floor point (Y = 0). */
export function floorPoint(scene: Scene, X: number, d: number): Point {
  return project(scene.camera, X, 0, d);
}

export function ppm(scene: Scene, d: number): number {
  return scene.camera.focal / d;
}

/**
 * A soft contact shadow on the floor: an ellipse around the footprint filled with the shared
 * radial gradient (no SVG blur filter: a blur at 12 MP costs seconds, the gradient nothing).
 */
export function floorShadow(scene: Scene, x: number, d: number, width: number, depth: number, strength = 1): string {
  const centre = floorPoint(scene, x, d);
  const rx = (width / 2) * ppm(scene, d) * 1.18;
  const near = floorPoint(scene, x, d - depth / 2);
  const far = floorPoint(scene, x, d + depth / 2);
  const ry = Math.max(2, ((near.y - far.y) / 2) * 1.35);
  const opacity = Math.min(1, 0.9 * strength);
  return ellipse(centre.x, centre.y, rx, ry, `fill="url(#contactShadow)" fill-opacity="${n(opacity)}"`);
}

/** The gradients every scene shares, referenced by id. */
export function sharedDefs(): string {
  return (
    '<radialGradient id="contactShadow"><stop offset="0" stop-color="#000" stop-opacity="0.55"/>' +
    '<stop offset="0.55" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>' +
    '<linearGradient id="volume" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/>' +
    '<stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>' +
    '<radialGradient id="lampGlow"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></radialGradient>' +
    '<linearGradient id="wallShadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>'
  );
}
