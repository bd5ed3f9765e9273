import { project, type Point } from './room-camera.js';
import { floorPoint, floorShadow, ppm, type Scene } from './scene.js';
import { darken, ellipse, lighten, line, mix, n, path, polygon, rect, seededRandom } from './svg.js';

/** The rug: a flat quad on the floor from `dFar` to `dNear`, patterned by style. */
export function rug(scene: Scene, x: number, width: number, dFar: number, dNear: number): string {
  const { palette, shapes } = scene.kit;
  const quad = (inset: number, a = dFar - inset, b = dNear + inset) => [
    floorPoint(scene, x - width / 2 + inset, a),
    floorPoint(scene, x + width / 2 - inset, a),
    floorPoint(scene, x + width / 2 - inset, b),
    floorPoint(scene, x - width / 2 + inset, b),
  ];
  const band = (a: number, b: number, x0 = -width / 2, x1 = width / 2) => [
    floorPoint(scene, x + x0, a),
    floorPoint(scene, x + x1, a),
    floorPoint(scene, x + x1, b),
    floorPoint(scene, x + x0, b),
  ];
  // The rug's own slight thickness and shadow make it sit on the floor rather than float.
  const out = [polygon(quad(-0.015), `fill="#000" fill-opacity="0.14"`), polygon(quad(0), `fill="${palette.rug}"`)];
  const thin = `stroke-width="${n(Math.max(1, scene.camera.width / 700))}"`;
  switch (shapes.rug) {
    case 'border':
      out.push(polygon(quad(0.1), `fill="none" stroke="${palette.rugBorder}" ${thin}`));
      out.push(polygon(quad(0.16), `fill="none" stroke="${palette.rugBorder}" stroke-opacity="0.6" ${thin}`));
      break;
    case 'accent-stripe':
      out.push(polygon(band(dNear + 0.32, dNear + 0.24), `fill="${palette.rugPattern}" fill-opacity="0.85"`));
      out.push(polygon(band(dNear + 0.44, dNear + 0.42), `fill="${palette.rugBorder}"`));
      break;
    case 'stripes':
      for (let a = dNear + 0.12, i = 0; a < dFar - 0.1; a += 0.22, i++) {
        out.push(polygon(band(a + 0.08, a), `fill="${i % 3 === 0 ? palette.rugBorder : palette.rugPattern}" fill-opacity="0.8"`));
      }
      break;
    case 'distressed':
      out.push(polygon(quad(0.12), `fill="${palette.rugPattern}" fill-opacity="0.45"`));
      out.push(medallion(scene, x, width, dFar, dNear, palette.rugBorder, 0.35));
      out.push(polygon(quad(0.12), `fill="none" stroke="${palette.rugBorder}" ${thin} stroke-dasharray="${n(scene.camera.width / 90)} ${n(scene.camera.width / 300)}"`));
      break;
    case 'medallion':
      out.push(polygon(quad(0.0), `fill="${palette.rugBorder}"`));
      out.push(polygon(quad(0.16), `fill="${palette.rug}"`));
      out.push(polygon(quad(0.19), `fill="none" stroke="${palette.rugPattern}" ${thin}`));
      out.push(medallion(scene, x, width, dFar, dNear, palette.rugPattern, 0.9));
      out.push(fringe(scene, x, width, dNear, palette.rugPattern));
      break;
    case 'geometric': {
      const step = 0.42;
      for (let gx = -width / 2 + step; gx < width / 2 - 0.1; gx += step) {
        for (let gd = dNear + step; gd < dFar - 0.1; gd += step) {
          const s = 0.12;
          const diamond = [floorPoint(scene, x + gx, gd + s), floorPoint(scene, x + gx + s, gd), floorPoint(scene, x + gx, gd - s), floorPoint(scene, x + gx - s, gd)];
          out.push(polygon(diamond, `fill="${palette.rugPattern}" fill-opacity="0.85"`));
        }
      }
      out.push(polygon(quad(0.06), `fill="none" stroke="${palette.rugBorder}" ${thin}`));
      break;
    }
  }
  return out.join('');
}

function medallion(scene: Scene, x: number, width: number, dFar: number, dNear: number, color: string, opacity: number): string {
  const dMid = (dFar + dNear) / 2;
  const c = floorPoint(scene, x, dMid);
  const rx = width * 0.2 * ppm(scene, dMid);
  const far = floorPoint(scene, x, dMid + width * 0.14);
  const near = floorPoint(scene, x, dMid - width * 0.14);
  const ry = (near.y - far.y) / 2;
  return (
    ellipse(c.x, c.y, rx, ry, `fill="${color}" fill-opacity="${n(opacity * 0.85)}"`) +
    ellipse(c.x, c.y, rx * 0.55, ry * 0.55, `fill="${darken(color, 0.25)}" fill-opacity="${n(opacity * 0.7)}"`)
  );
}

function fringe(scene: Scene, x: number, width: number, d: number, color: string): string {
  const out: string[] = [];
  for (let fx = -width / 2 + 0.03; fx < width / 2; fx += 0.05) {
    out.push(line(floorPoint(scene, x + fx, d), floorPoint(scene, x + fx, d - 0.05), `stroke="${color}" stroke-width="${n(Math.max(1, scene.camera.width / 1600))}"`));
  }
  return out.join('');
}

/**
 * A floor lamp standing at (x, d); `toward` (+1/-1) is the side the seating is on (arc lamps reach
 * over it). Draws a warm glow behind the shade first.
 */
export function floorLamp(scene: Scene, x: number, d: number, toward: 1 | -1): string {
  const { palette, shapes } = scene.kit;
  const scale = ppm(scene, d);
  const base = project(scene.camera, x, 0, d);
  const stroke = (width: number, color: string) => `stroke="${color}" stroke-width="${n(Math.max(1, width * scale))}" stroke-linecap="round" fill="none"`;
  const out = [floorShadow(scene, x, d, 0.4, 0.4, 0.6)];
  const glowAt = (p: Point, size: number) => ellipse(p.x, p.y, size * scale, size * scale * 0.9, 'fill="url(#lampGlow)"');
  switch (shapes.lamp) {
    case 'arc': {
      const reach = 1.05 * toward;
      const top = project(scene.camera, x + reach * 0.45, 2.05, d);
      const hang = project(scene.camera, x + reach, 1.7, d - 0.15);
      out.push(glowAt(hang, 0.7));
      out.push(rect(base.x - 0.14 * scale, base.y - 0.06 * scale, 0.28 * scale, 0.06 * scale, `fill="${palette.metal}"`, 0.01 * scale));
      out.push(path(`M${n(base.x)},${n(base.y - 0.05 * scale)} Q${n(base.x)},${n(top.y - 0.1 * scale)} ${n(top.x)},${n(top.y)} T${n(hang.x)},${n(hang.y)}`, stroke(0.022, palette.metal)));
      const r = 0.2 * scale;
      out.push(path(`M${n(hang.x - r)},${n(hang.y + r * 0.55)} A${n(r)},${n(r * 0.8)} 0 0 1 ${n(hang.x + r)},${n(hang.y + r * 0.55)} Z`, `fill="${palette.metal}"`));
      out.push(ellipse(hang.x, hang.y + r * 0.55, r * 0.9, r * 0.18, 'fill="#fff6dc"'));
      break;
    }
    case 'tripod':
    case 'edison': {
      const shadeBottom = project(scene.camera, x, shapes.lamp === 'edison' ? 1.45 : 1.3, d);
      out.push(glowAt(shadeBottom, 0.6));
      const legColor = shapes.lamp === 'edison' ? palette.metal : darken(palette.wood, 0.05);
      for (const [fx, fd] of [[-0.22, 0.12], [0.22, 0.12], [0, -0.2]]) {
        const foot = project(scene.camera, x + fx, 0, d + fd);
        out.push(line(shadeBottom, foot, stroke(0.025, legColor)));
      }
      if (shapes.lamp === 'edison') {
        const r = 0.07 * scale;
        out.push(ellipse(shadeBottom.x, shadeBottom.y - r, r * 1.8, r * 1.8, 'fill="url(#lampGlow)"'));
        out.push(ellipse(shadeBottom.x, shadeBottom.y - r, r * 0.7, r, 'fill="#ffd98a"'));
        out.push(path(`M${n(shadeBottom.x - r * 1.4)},${n(shadeBottom.y - r * 1.6)} L${n(shadeBottom.x)},${n(shadeBottom.y - r * 3.6)} L${n(shadeBottom.x + r * 1.4)},${n(shadeBottom.y - r * 1.6)} Z`, `fill="${palette.metal}"`));
      } else {
        out.push(shade(scene, x, 1.3, 1.62, d, 0.2, 0.12, palette.lampShade));
      }
      break;
    }
    default: {
      const shadeLow = shapes.lamp === 'rattan' ? 1.25 : 1.28;
      const poleTop = project(scene.camera, x, shadeLow, d);
      out.push(glowAt(poleTop, 0.65));
      out.push(ellipse(base.x, base.y, 0.16 * scale, 0.16 * scale * 0.2, `fill="${palette.metal}"`));
      out.push(line(base, poleTop, stroke(0.025, shapes.lamp === 'rattan' ? darken(palette.wood, 0.1) : palette.metal)));
      if (shapes.lamp === 'rattan') {
        const c = project(scene.camera, x, shadeLow + 0.2, d);
        const r = 0.22 * scale;
        out.push(ellipse(c.x, c.y, r, r, `fill="${palette.lampShade}"`));
        for (let i = -2; i <= 2; i++) out.push(ellipse(c.x, c.y, r * Math.abs(i) * 0.22 + 1, r, stroke(0.004, darken(palette.lampShade, 0.25))));
      } else {
        const pleated = shapes.lamp === 'pleated';
        out.push(shade(scene, x, shadeLow, shadeLow + 0.34, d, pleated ? 0.25 : 0.22, pleated ? 0.15 : 0.22, palette.lampShade, pleated));
      }
    }
  }
  return out.join('');
}

/** A lamp shade: truncated cone seen from the side, lit from inside. */
function shade(scene: Scene, x: number, y0: number, y1: number, d: number, rBottom: number, rTop: number, color: string, pleated = false): string {
  const scale = ppm(scene, d);
  const b = project(scene.camera, x, y0, d);
  const t = project(scene.camera, x, y1, d);
  const points = [t.x - rTop * scale, t.y, t.x + rTop * scale, t.y, b.x + rBottom * scale, b.y, b.x - rBottom * scale, b.y];
  let out = `<polygon points="${points.map(n).join(',')}" fill="${color}"/>`;
  out += `<polygon points="${points.map(n).join(',')}" fill="url(#volume)"/>`;
  out += ellipse(b.x, b.y, rBottom * scale, rBottom * scale * 0.12, `fill="${lighten(color, 0.4)}"`);
  if (pleated) {
    for (let i = -3; i <= 3; i++) {
      out += line({ x: t.x + (i / 4) * rTop * scale, y: t.y }, { x: b.x + (i / 4) * rBottom * scale, y: b.y }, `stroke="${darken(color, 0.12)}" stroke-width="${n(Math.max(0.6, scale * 0.004))}"`);
    }
  }
  return out;
}

/** A potted plant at (x, d): pot with soil, then foliage in the style's plant form. */
export function plant(scene: Scene, x: number, d: number): string {
  const { palette, shapes } = scene.kit;
  const scale = ppm(scene, d);
  const random = seededRandom(0xf1a7 + shapes.plant.length * 31);
  const potH = 0.36;
  const potR = 0.18;
  const bottom = project(scene.camera, x, 0, d);
  const top = project(scene.camera, x, potH, d);
  const out = [floorShadow(scene, x, d, potR * 2.2, potR * 2.2, 0.9)];
  const foliage: string[] = [];
  const leafColor = (i: number) => mix(darken(palette.leaf, 0.25), lighten(palette.leaf, 0.2), (i * 0.37 + random() * 0.4) % 1);
  if (shapes.plant === 'olive') {
    for (const lean of [-0.08, 0.05]) {
      const crown = project(scene.camera, x + lean, 1.35, d);
      foliage.push(path(`M${n(top.x)},${n(top.y)} Q${n(top.x + lean * scale * 2)},${n((top.y + crown.y) / 2)} ${n(crown.x)},${n(crown.y)}`, `fill="none" stroke="#6b5a48" stroke-width="${n(0.025 * scale)}"`));
    }
    const crown = project(scene.camera, x, 1.45, d);
    for (let i = 0; i < 90; i++) {
      const a = random() * Math.PI * 2;
      const r = Math.sqrt(random());
      const cx = crown.x + Math.cos(a) * r * 0.42 * scale;
      const cy = crown.y + Math.sin(a) * r * 0.32 * scale;
      foliage.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(0.05 * scale)}" ry="${n(0.018 * scale)}" transform="rotate(${n(random() * 180)} ${n(cx)} ${n(cy)})" fill="${leafColor(i)}"/>`);
    }
  } else if (shapes.plant === 'fiddle') {
    const crownTop = project(scene.camera, x, 1.55, d);
    foliage.push(line(top, crownTop, `stroke="#5b4636" stroke-width="${n(0.025 * scale)}"`));
    for (let i = 0; i < 16; i++) {
      const t = i / 15;
      const y = 0.75 + t * 0.8;
      const side = i % 2 === 0 ? -1 : 1;
      const p = project(scene.camera, x + side * (0.06 + random() * 0.08), y, d - 0.05 * random());
      const size = (0.16 - t * 0.05) * scale;
      foliage.push(`<ellipse cx="${n(p.x + side * size * 0.6)}" cy="${n(p.y)}" rx="${n(size)}" ry="${n(size * 0.62)}" transform="rotate(${n(side * (25 + random() * 30))} ${n(p.x)} ${n(p.y)})" fill="${leafColor(i)}"/>`);
    }
  } else {
    for (let i = 0; i < 15; i++) {
      const angle = -80 + (i / 14) * 160 + (random() - 0.5) * 14;
      const length = (0.45 + random() * 0.35) * scale;
      const a = ((angle - 90) * Math.PI) / 180;
      const tip = { x: top.x + Math.cos(a) * length, y: top.y + Math.sin(a) * length * 1.25 };
      const mid = { x: (top.x + tip.x) / 2, y: (top.y + tip.y) / 2 };
      foliage.push(line(top, mid, `stroke="${darken(palette.leaf, 0.2)}" stroke-width="${n(0.01 * scale)}"`));
      const leafLength = length * 0.55;
      foliage.push(`<ellipse cx="${n((mid.x + tip.x) / 2)}" cy="${n((mid.y + tip.y) / 2)}" rx="${n(leafLength / 2)}" ry="${n(leafLength * 0.3)}" transform="rotate(${n((Math.atan2(tip.y - mid.y, tip.x - mid.x) * 180) / Math.PI)} ${n((mid.x + tip.x) / 2)} ${n((mid.y + tip.y) / 2)})" fill="${leafColor(i)}"/>`);
    }
  }
  out.push(...foliage);
  const rx = potR * scale;
  const rimRy = rx * ((scene.camera.eyeHeight - potH) / d);
  out.push(`<polygon points="${[top.x - rx, top.y, top.x + rx, top.y, bottom.x + rx * 0.78, bottom.y, bottom.x - rx * 0.78, bottom.y].map(n).join(',')}" fill="${palette.pot}"/>`);
  out.push(`<polygon points="${[top.x - rx, top.y, top.x + rx, top.y, bottom.x + rx * 0.78, bottom.y, bottom.x - rx * 0.78, bottom.y].map(n).join(',')}" fill="url(#volume)"/>`);
  out.push(ellipse(bottom.x, bottom.y, rx * 0.78, rimRy * 0.78, `fill="${darken(palette.pot, 0.1)}"`));
  out.push(ellipse(top.x, top.y, rx, rimRy, `fill="${lighten(palette.pot, 0.1)}"`));
  out.push(ellipse(top.x, top.y, rx * 0.86, rimRy * 0.8, 'fill="#3b2e24"'));
  return out.join('');
}

/** A framed picture on the wall at distance d, centred at x, bottom edge at 1.25 m. */
export function wallArt(scene: Scene, x: number, d: number, width = 1.1, height = 0.76): string {
  const { palette, shapes } = scene.kit;
  const scale = ppm(scene, d);
  const tl = project(scene.camera, x - width / 2, 1.25 + height, d);
  const w = width * scale;
  const h = height * scale;
  const frame = Math.max(2, 0.035 * scale);
  const mat = shapes.art === 'lines' || shapes.art === 'landscape' ? 0.07 * scale : 0;
  const shadowShift = 0.02 * scale;
  const out = [rect(tl.x - scene.lightFrom * shadowShift, tl.y + shadowShift, w, h, 'fill="#000" fill-opacity="0.16"')];
  out.push(rect(tl.x, tl.y, w, h, `fill="${palette.frame}"`));
  const ix = tl.x + frame + mat;
  const iy = tl.y + frame + mat;
  const iw = w - 2 * (frame + mat);
  const ih = h - 2 * (frame + mat);
  if (mat) out.push(rect(tl.x + frame, tl.y + frame, w - 2 * frame, h - 2 * frame, 'fill="#f6f3ec"'));
  out.push(`<clipPath id="artClip">${rect(ix, iy, iw, ih, '')}</clipPath>`);
  out.push(`<g clip-path="url(#artClip)">${artwork(shapes.art, palette.art, ix, iy, iw, ih)}</g>`);
  out.push(rect(ix, iy, iw, ih, `fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="${n(Math.max(1, frame * 0.3))}"`));
  return out.join('');
}

function artwork(kind: string, [a, b, c]: [string, string, string], x: number, y: number, w: number, h: number): string {
  const stroke = `stroke-width="${n(Math.max(1, w * 0.012))}"`;
  switch (kind) {
    case 'landscape':
      return (
        rect(x, y, w, h, `fill="${lighten(c, 0.45)}"`) +
        path(`M${n(x)},${n(y + h * 0.62)} Q${n(x + w * 0.3)},${n(y + h * 0.35)} ${n(x + w * 0.55)},${n(y + h * 0.58)} T${n(x + w)},${n(y + h * 0.5)} L${n(x + w)},${n(y + h)} L${n(x)},${n(y + h)} Z`, `fill="${a}"`) +
        path(`M${n(x)},${n(y + h * 0.8)} Q${n(x + w * 0.5)},${n(y + h * 0.62)} ${n(x + w)},${n(y + h * 0.78)} L${n(x + w)},${n(y + h)} L${n(x)},${n(y + h)} Z`, `fill="${darken(a, 0.25)}"`) +
        ellipse(x + w * 0.75, y + h * 0.25, w * 0.06, w * 0.06, `fill="${b}"`)
      );
    case 'lines':
      return (
        rect(x, y, w, h, 'fill="#f3efe6"') +
        path(`M${n(x + w * 0.15)},${n(y + h * 0.7)} C${n(x + w * 0.3)},${n(y + h * 0.1)} ${n(x + w * 0.6)},${n(y + h * 0.95)} ${n(x + w * 0.85)},${n(y + h * 0.3)}`, `fill="none" stroke="${b}" ${stroke}`) +
        ellipse(x + w * 0.62, y + h * 0.38, w * 0.1, w * 0.1, `fill="${a}" fill-opacity="0.85"`)
      );
    case 'arches':
      return (
        rect(x, y, w, h, `fill="${lighten(c, 0.3)}"`) +
        path(`M${n(x + w * 0.18)},${n(y + h)} L${n(x + w * 0.18)},${n(y + h * 0.5)} A${n(w * 0.2)},${n(w * 0.2)} 0 0 1 ${n(x + w * 0.58)},${n(y + h * 0.5)} L${n(x + w * 0.58)},${n(y + h)} Z`, `fill="${a}"`) +
        ellipse(x + w * 0.74, y + h * 0.3, w * 0.1, w * 0.1, `fill="${b}"`)
      );
    case 'blocks':
      return rect(x, y, w, h, `fill="${c}"`) + rect(x + w * 0.08, y + h * 0.1, w * 0.84, h * 0.42, `fill="${a}" fill-opacity="0.9"`) + rect(x + w * 0.08, y + h * 0.58, w * 0.84, h * 0.32, `fill="${b}" fill-opacity="0.9"`);
    default:
      return (
        rect(x, y, w, h, `fill="${c}"`) +
        ellipse(x + w * 0.36, y + h * 0.45, w * 0.22, w * 0.22, `fill="${a}"`) +
        rect(x + w * 0.52, y + h * 0.2, w * 0.3, h * 0.62, `fill="${b}"`) +
        line({ x: x + w * 0.1, y: y + h * 0.82 }, { x: x + w * 0.9, y: y + h * 0.82 }, `stroke="${b}" ${stroke}`)
      );
  }
}
