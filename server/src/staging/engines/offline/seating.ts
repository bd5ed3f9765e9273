import { project } from './room-camera.js';
import { floorShadow, ppm, solid, type Scene, type Solid } from './scene.js';
import { darken, ellipse, lighten, n, rect } from './svg.js';
import type { StyleShapes } from './style-kits.js';

/** Leg height by leg style; a skirt hides the legs and brings the fabric down to the floor. */
const LEG_HEIGHT: Record<StyleShapes['legs'], number> = { tapered: 0.14, steel: 0.13, turned: 0.13, skirt: 0, brass: 0.12, block: 0.06 };
const ARM: Record<StyleShapes['arms'], { width: number; rise: number }> = {
  track: { width: 0.18, rise: 0.2 },
  rolled: { width: 0.2, rise: 0.24 },
  slim: { width: 0.1, rise: 0.18 },
  wide: { width: 0.26, rise: 0.16 },
};

/** One leg: shape by style, drawn as a small box or a tapered/turned silhouette. */
export function leg(scene: Scene, x: number, d: number, height: number, color: string): string {
  const { legs } = scene.kit.shapes;
  if (legs === 'skirt' || height <= 0) return '';
  const scale = ppm(scene, d);
  const bottom = project(scene.camera, x, 0, d);
  const top = project(scene.camera, x, height, d);
  const w = (legs === 'steel' || legs === 'brass' ? 0.025 : legs === 'block' ? 0.06 : 0.045) * scale;
  if (legs === 'tapered') {
    const points = [top.x - w / 2, top.y, top.x + w / 2, top.y, bottom.x + w / 5, bottom.y, bottom.x - w / 5, bottom.y].map(n).join(',');
    return `<polygon points="${points}" fill="${color}"/>`;
  }
  let out = rect(top.x - w / 2, top.y, w, bottom.y - top.y, `fill="${color}"`);
  if (legs === 'turned') out += ellipse(top.x, top.y + (bottom.y - top.y) * 0.45, w * 0.9, (bottom.y - top.y) * 0.16, `fill="${color}"`);
  return out;
}

/**
 * A three-seat sofa (about 2.1 m; a loveseat when `width` is smaller), its back against the wall at distance `dBack`. Built from
 * boxes: back frame, arms, deck, back and seat cushions, throw pillows; tufting for tufted styles.
 */
export function sofa(scene: Scene, x: number, dBack: number, width = scene.kit.shapes.tufted ? 2.2 : 2.1, againstWall = true): string {
  const { shapes, palette } = scene.kit;
  const depth = 0.92;
  const legH = LEG_HEIGHT[shapes.legs];
  const seatH = shapes.seatHeight;
  const deckTop = seatH - 0.14;
  const backH = shapes.backHeight;
  const arm = ARM[shapes.arms];
  const armH = seatH + arm.rise;
  const fabric = palette.upholstery;
  const radius = 0.015 + shapes.softness * 0.07;
  const y0 = legH > 0 ? legH : 0.01;
  const dFront = dBack - depth;
  const legColor = shapes.legs === 'steel' ? palette.metal : shapes.legs === 'brass' ? palette.metal : darken(palette.wood, 0.05);
  const out: string[] = [floorShadow(scene, x, dBack - depth / 2, width, depth, 1.1), floorShadow(scene, x, dBack - depth / 2, width * 0.9, depth * 0.6, 0.8)];
  if (againstWall) out.push(wallShadow(scene, x, width, backH + 0.12, dBack + 0.01));
  for (const lx of [-width / 2 + 0.07, width / 2 - 0.07]) {
    out.push(leg(scene, x + lx, dBack - 0.06, legH, legColor));
    out.push(leg(scene, x + lx, dFront + 0.06, legH, legColor));
  }
  const box = (x0: number, x1: number, ya: number, yb: number, da: number, db: number, r = radius): Solid => ({
    x: x + (x0 + x1) / 2,
    width: x1 - x0,
    d: (da + db) / 2,
    depth: Math.abs(da - db),
    y0: ya,
    y1: yb,
    radius: r,
  });
  const inner = width / 2 - arm.width;
  out.push(solid(scene, box(-width / 2, width / 2, y0, backH, dBack, dBack - 0.2), darken(fabric, 0.04)));
  if (shapes.tufted) out.push(tufting(scene, x, inner, seatH + 0.04, backH - 0.05, dBack - 0.2));
  for (const side of [-1, 1]) {
    const outer = (side * width) / 2;
    const x0 = Math.min(outer, outer - side * arm.width);
    const x1 = Math.max(outer, outer - side * arm.width);
    const roll = shapes.arms === 'rolled' ? arm.width / 2 : radius;
    out.push(solid(scene, box(x0, x1, y0, armH, dBack - 0.05, dFront), fabric, { volume: true }));
    if (shapes.arms === 'rolled') out.push(solid(scene, box(x0 - 0.02, x1 + 0.02, armH - 0.1, armH + 0.03, dBack - 0.05, dFront - 0.01, roll), lighten(fabric, 0.03), { volume: true }));
  }
  out.push(solid(scene, box(-inner, inner, y0, deckTop, dBack - 0.2, dFront), darken(fabric, 0.06), { volume: true }));
  const count = shapes.seatCushions;
  const span = (2 * inner) / count;
  if (!shapes.tufted) {
    for (let i = 0; i < count; i++) {
      const a = -inner + i * span + 0.008;
      out.push(solid(scene, box(a, a + span - 0.016, seatH, backH - 0.02 + shapes.softness * 0.04, dBack - 0.2, dBack - 0.4), lighten(fabric, 0.02), { volume: true }));
    }
  }
  for (let i = 0; i < count; i++) {
    const a = -inner + i * span + 0.008;
    out.push(solid(scene, box(a, a + span - 0.016, deckTop, seatH, dBack - 0.2, dFront - 0.025), lighten(fabric, 0.05), { volume: true }));
  }
  out.push(pillow(scene, x - inner + 0.3, seatH, dBack - 0.45, palette.pillows[0], -9));
  out.push(pillow(scene, x + inner - 0.3, seatH, dBack - 0.45, palette.pillows[1], 8));
  if (count === 3) out.push(pillow(scene, x + inner - 0.62, seatH, dBack - 0.43, palette.pillows[0], 4, 0.85));
  return out.join('');
}

/** Buttons in a diamond grid on the back rest (Chesterfield / luxury channel look). */
function tufting(scene: Scene, x: number, inner: number, yLow: number, yHigh: number, d: number): string {
  const dot = 0.018 * ppm(scene, d);
  const color = darken(scene.kit.palette.upholstery, 0.35);
  const out: string[] = [];
  const rows = 3;
  for (let r = 0; r < rows; r++) {
    const y = yLow + ((r + 0.5) / rows) * (yHigh - yLow);
    const offset = r % 2 === 0 ? 0 : 0.11;
    for (let bx = -inner + 0.08 + offset; bx < inner - 0.05; bx += 0.22) {
      const p = project(scene.camera, x + bx, y, d - 0.002);
      out.push(ellipse(p.x, p.y, dot, dot * 0.8, `fill="${color}" fill-opacity="0.7"`));
    }
  }
  return out.join('');
}

/** A throw pillow leaning on the back cushions, slightly tilted. */
function pillow(scene: Scene, x: number, seatH: number, d: number, color: string, tilt: number, size = 1): string {
  const scale = ppm(scene, d);
  const w = 0.46 * size * scale;
  const h = 0.42 * size * scale;
  const c = project(scene.camera, x, seatH + 0.2 * size, d);
  const r = w * (0.12 + scene.kit.shapes.softness * 0.12);
  const transform = `transform="rotate(${tilt} ${n(c.x)} ${n(c.y)})"`;
  return (
    `<g ${transform}>` +
    rect(c.x - w / 2, c.y - h / 2, w, h, `fill="${color}"`, r) +
    rect(c.x - w / 2, c.y - h / 2, w, h, 'fill="url(#volume)"', r) +
    '</g>'
  );
}

/** Darkening on the wall right behind a tall piece: light is blocked there. */
export function wallShadow(scene: Scene, x: number, width: number, height: number, d: number): string {
  const top = project(scene.camera, x - width / 2 - 0.05, height, d);
  const bottom = project(scene.camera, x + width / 2 + 0.05, 0, d);
  return rect(top.x, top.y, bottom.x - top.x, bottom.y - top.y, 'fill="url(#wallShadow)" fill-opacity="0.55"', (bottom.x - top.x) * 0.04);
}

/**
 * An armchair at (x, d) turned by `yaw` toward the seating group. Parts are drawn far to near,
 * which is enough for a handful of non-overlapping boxes.
 */
export function armchair(scene: Scene, x: number, d: number, yaw: number): string {
  const { shapes, palette } = scene.kit;
  const kind = shapes.armchair;
  const fabric = palette.armchair;
  const width = kind === 'slipper' ? 0.72 : kind === 'club' ? 0.92 : 0.82;
  const depth = kind === 'club' ? 0.88 : 0.8;
  const legH = kind === 'club' ? 0.06 : kind === 'rattan' ? 0.04 : LEG_HEIGHT[shapes.legs] || 0.02;
  const seatH = 0.42;
  const backH = kind === 'wingback' ? 1.08 : kind === 'club' ? 0.74 : kind === 'slipper' ? 0.86 : 0.8;
  const armW = kind === 'club' ? 0.2 : kind === 'rattan' ? 0.1 : 0.12;
  const armH = kind === 'club' ? 0.64 : 0.6;
  const radius = 0.02 + shapes.softness * 0.06;
  const cos = Math.cos(yaw);
  const sin = Math.sin(yaw);
  const frame = kind === 'rattan' ? palette.armchair : fabric;
  const cushion = kind === 'rattan' ? '#efe7d8' : lighten(fabric, 0.04);
  const part = (lx: number, lz: number, w: number, dp: number, y0: number, y1: number, color: string, r = radius) => ({
    solid: { x: x + lx * cos - lz * sin, d: d + lx * sin + lz * cos, width: w, depth: dp, y0, y1, yaw, radius: r },
    color,
  });
  const base = Math.max(legH, 0.01);
  const parts = [
    part(0, depth / 2 - 0.09, width, 0.18, base, backH, darken(frame, 0.03)),
    part(0, 0.05, width - 2 * armW, depth - 0.2, base, seatH - 0.12, darken(frame, 0.06)),
    part(0, 0.04, width - 2 * armW - 0.02, depth - 0.22, seatH - 0.12, seatH, cushion),
  ];
  if (kind !== 'slipper') {
    parts.push(part(-(width - armW) / 2, 0, armW, depth, base, armH, frame));
    parts.push(part((width - armW) / 2, 0, armW, depth, base, armH, frame));
  }
  if (kind === 'wingback') {
    parts.push(part(-(width - 0.1) / 2, depth / 2 - 0.22, 0.1, 0.26, armH, backH - 0.06, frame));
    parts.push(part((width - 0.1) / 2, depth / 2 - 0.22, 0.1, 0.26, armH, backH - 0.06, frame));
  }
  const distance = (p: { solid: Solid }) => Math.hypot(p.solid.x, p.solid.d);
  parts.sort((a, b) => distance(b) - distance(a));
  const out = [floorShadow(scene, x, d, width, depth, 1)];
  const legColor = shapes.legs === 'steel' || shapes.legs === 'brass' ? palette.metal : darken(palette.wood, 0.05);
  for (const [lx, lz] of [[-1, 1], [1, 1], [-1, -1], [1, -1]]) {
    const px = x + ((lx * (width - 0.1)) / 2) * cos - ((lz * (depth - 0.1)) / 2) * sin;
    const pd = d + ((lx * (width - 0.1)) / 2) * sin + ((lz * (depth - 0.1)) / 2) * cos;
    out.push(leg(scene, px, pd, legH, legColor));
  }
  for (const p of parts) out.push(solid(scene, p.solid, p.color, kind === 'rattan' && p.color === frame ? { outline: darken(frame, 0.25) } : {}));
  // A pillow for the soft styles.
  const pillowAt = project(scene.camera, x + 0.12 * sin * -1, seatH + 0.18, d + 0.2 * cos);
  if (kind !== 'club') {
    const s = ppm(scene, d) * 0.36;
    out.push(rect(pillowAt.x - s / 2, pillowAt.y - s / 2, s, s * 0.9, `fill="${palette.pillows[0]}"`, s * 0.18));
  }
  return out.join('');
}
