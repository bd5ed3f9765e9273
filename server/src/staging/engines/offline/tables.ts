import { project } from './room-camera.js';
import { floorShadow, ppm, solid, type Scene } from './scene.js';
import { darken, ellipse, lighten, n, path, rect } from './svg.js';

/** A coffee table centred at (x, d) in the style's form, with a book stack and a vase on top. */
export function coffeeTable(scene: Scene, x: number, d: number): string {
  const { palette, shapes } = scene.kit;
  const out: string[] = [];
  switch (shapes.table) {
    case 'round-wood':
    case 'low-round':
      out.push(roundTable(scene, x, d, shapes.table === 'low-round' ? 0.36 : 0.42, shapes.table === 'low-round' ? 0.5 : 0.45));
      break;
    case 'marble-oval':
      out.push(ovalMarbleTable(scene, x, d));
      break;
    default:
      out.push(rectTable(scene, x, d));
  }
  const topY = shapes.table === 'low-round' ? 0.36 : shapes.table === 'chunky-wood' ? 0.44 : 0.42;
  out.push(books(scene, x - 0.18, d + 0.02, topY));
  out.push(vase(scene, x + 0.2, d + 0.05, topY, palette.pillows[0]));
  return out.join('');
}

function rectTable(scene: Scene, x: number, d: number): string {
  const { palette, shapes } = scene.kit;
  const kind = shapes.table;
  const width = kind === 'chunky-wood' ? 1.2 : 1.1;
  const depth = kind === 'chunky-wood' ? 0.7 : 0.6;
  const height = kind === 'chunky-wood' ? 0.44 : 0.42;
  const thickness = kind === 'chunky-wood' ? 0.08 : kind === 'stone-slab' ? 0.06 : 0.04;
  const legColor = kind === 'steel-frame' || kind === 'stone-slab' ? palette.metal : kind === 'chunky-wood' ? palette.wood : darken(palette.tableTop, 0.1);
  const legSize = kind === 'chunky-wood' ? 0.1 : kind === 'turned' ? 0.05 : 0.03;
  const out = [floorShadow(scene, x, d, width, depth, 0.8)];
  const legs: Array<[number, number]> = [
    [-1, 1],
    [1, 1],
    [-1, -1],
    [1, -1],
  ];
  for (const [sx, sd] of legs) {
    const lx = x + sx * (width / 2 - legSize / 2 - 0.03);
    const ld = d + sd * (depth / 2 - legSize / 2 - 0.03);
    out.push(solid(scene, { x: lx, d: ld, width: legSize, depth: legSize, y0: 0, y1: height - thickness }, legColor));
    if (kind === 'turned') {
      const bead = project(scene.camera, lx, (height - thickness) * 0.55, ld - legSize / 2);
      out.push(ellipse(bead.x, bead.y, legSize * ppm(scene, ld) * 0.9, legSize * ppm(scene, ld) * 0.7, `fill="${legColor}"`));
    }
  }
  if (kind === 'steel-frame' || kind === 'turned') {
    // A lower shelf: reads as a real piece of furniture rather than a slab on sticks.
    out.push(solid(scene, { x, d, width: width - 0.08, depth: depth - 0.08, y0: 0.1, y1: 0.125 }, kind === 'turned' ? palette.tableTop : palette.wood));
  }
  out.push(solid(scene, { x, d, width, depth, y0: height - thickness, y1: height, radius: kind === 'stone-slab' ? 0.004 : 0.01 }, palette.tableTop));
  return out.join('');
}

function roundTable(scene: Scene, x: number, d: number, height: number, radiusM: number): string {
  const { palette, shapes } = scene.kit;
  const scale = ppm(scene, d);
  const top = project(scene.camera, x, height, d);
  const rx = radiusM * scale;
  const ry = rx * ((scene.camera.eyeHeight - height) / d);
  const thickness = 0.04 * scale;
  const out = [floorShadow(scene, x, d, radiusM * 2, radiusM * 2, 0.8)];
  if (shapes.table === 'low-round') {
    // A drum base of rustic wood.
    const baseTop = project(scene.camera, x, height - 0.04, d);
    const bottom = project(scene.camera, x, 0, d);
    const bw = rx * 0.62;
    out.push(rect(top.x - bw, baseTop.y, bw * 2, bottom.y - baseTop.y, `fill="${darken(palette.wood, 0.08)}"`));
    out.push(ellipse(bottom.x, bottom.y, bw, ry * 0.62, `fill="${darken(palette.wood, 0.08)}"`));
  } else {
    for (const angle of [200, 340, 90]) {
      const a = (angle * Math.PI) / 180;
      const foot = project(scene.camera, x + Math.cos(a) * radiusM * 0.72, 0, d + Math.sin(a) * radiusM * 0.72);
      const joint = project(scene.camera, x + Math.cos(a) * radiusM * 0.55, height - 0.04, d + Math.sin(a) * radiusM * 0.55);
      const w = 0.035 * scale;
      out.push(`<polygon points="${[joint.x - w / 2, joint.y, joint.x + w / 2, joint.y, foot.x + w / 4, foot.y, foot.x - w / 4, foot.y].map(n).join(',')}" fill="${darken(palette.wood, 0.12)}"/>`);
    }
  }
  out.push(rect(top.x - rx, top.y, rx * 2, thickness, `fill="${darken(palette.tableTop, 0.15)}"`));
  out.push(ellipse(top.x, top.y + thickness, rx, ry, `fill="${darken(palette.tableTop, 0.15)}"`));
  out.push(ellipse(top.x, top.y, rx, ry, `fill="${lighten(palette.tableTop, 0.06)}"`));
  return out.join('');
}

function ovalMarbleTable(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const scale = ppm(scene, d);
  const height = 0.4;
  const top = project(scene.camera, x, height, d);
  const rx = 0.62 * scale;
  const ry = 0.36 * scale * ((scene.camera.eyeHeight - height) / d);
  const thickness = 0.035 * scale;
  const bottom = project(scene.camera, x, 0, d);
  const bw = rx * 0.45;
  const out = [floorShadow(scene, x, d, 1.2, 0.7, 0.8)];
  out.push(rect(bottom.x - bw, top.y + thickness, bw * 2, bottom.y - top.y - thickness, `fill="${palette.metal}"`));
  out.push(rect(bottom.x - bw, top.y + thickness, bw * 0.35, bottom.y - top.y - thickness, `fill="${lighten(palette.metal, 0.35)}" fill-opacity="0.6"`));
  out.push(ellipse(bottom.x, bottom.y, bw, ry * 0.45, `fill="${darken(palette.metal, 0.15)}"`));
  out.push(rect(top.x - rx, top.y, rx * 2, thickness, `fill="${darken(palette.tableTop, 0.12)}"`));
  out.push(ellipse(top.x, top.y + thickness, rx, ry, `fill="${darken(palette.tableTop, 0.12)}"`));
  out.push(ellipse(top.x, top.y, rx, ry, `fill="${palette.tableTop}"`));
  // Veins: a few thin grey curves across the marble.
  const vein = `fill="none" stroke="#9c9890" stroke-opacity="0.55" stroke-width="${n(Math.max(0.6, scale * 0.004))}"`;
  out.push(path(`M${n(top.x - rx * 0.7)},${n(top.y - ry * 0.2)} Q${n(top.x - rx * 0.1)},${n(top.y + ry * 0.5)} ${n(top.x + rx * 0.6)},${n(top.y - ry * 0.1)}`, vein));
  out.push(path(`M${n(top.x - rx * 0.3)},${n(top.y + ry * 0.6)} Q${n(top.x + rx * 0.2)},${n(top.y + ry * 0.1)} ${n(top.x + rx * 0.4)},${n(top.y + ry * 0.55)}`, vein));
  return out.join('');
}

function books(scene: Scene, x: number, d: number, topY: number): string {
  const colors = ['#e9e4d8', scene.kit.palette.art[1], '#3a3a3a'];
  let y = topY;
  const out: string[] = [];
  colors.forEach((color, i) => {
    out.push(solid(scene, { x: x + (i % 2) * 0.02, d, width: 0.3 - i * 0.03, depth: 0.22 - i * 0.02, y0: y, y1: y + 0.035 }, color));
    y += 0.035;
  });
  return out.join('');
}

function vase(scene: Scene, x: number, d: number, topY: number, color: string): string {
  const scale = ppm(scene, d);
  const bottom = project(scene.camera, x, topY, d);
  const h = 0.22 * scale;
  const w = 0.12 * scale;
  return (
    path(
      `M${n(bottom.x - w * 0.35)},${n(bottom.y)} C${n(bottom.x - w * 0.8)},${n(bottom.y - h * 0.5)} ${n(bottom.x - w * 0.2)},${n(bottom.y - h * 0.8)} ${n(bottom.x - w * 0.18)},${n(bottom.y - h)} ` +
        `L${n(bottom.x + w * 0.18)},${n(bottom.y - h)} C${n(bottom.x + w * 0.2)},${n(bottom.y - h * 0.8)} ${n(bottom.x + w * 0.8)},${n(bottom.y - h * 0.5)} ${n(bottom.x + w * 0.35)},${n(bottom.y)} Z`,
      `fill="${color}"`,
    ) + ellipse(bottom.x - w * 0.12, bottom.y - h * 0.45, w * 0.08, h * 0.18, 'fill="#fff" fill-opacity="0.25"')
  );
}
