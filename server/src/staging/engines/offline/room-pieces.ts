import { floorShadow, solid, type Scene } from './scene.js';
import { darken, lighten, mix } from './svg.js';

/**
 * The pieces of the room types added in decision 063, drawn from the style kit's boxes like the other
 * sets (room-sets.ts): towels on a ladder and a stool (a bathroom keeps its fixtures, so only loose
 * things are drawn), a hall console and a coat rack, outdoor chairs, open wardrobe shelving and an
 * island bench, a crib and a changing table. Positions are metres: centre (x, d) on the floor.
 */

/** A low wooden bath bench with folded towels and a small plant in a pot on it. */
export function bathBench(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, 0.8, 0.36, 0.8)];
  for (const sx of [-1, 1]) out.push(solid(scene, { x: x + sx * 0.34, d, width: 0.06, depth: 0.34, y0: 0, y1: 0.42 }, palette.wood));
  out.push(solid(scene, { x, d, width: 0.8, depth: 0.36, y0: 0.42, y1: 0.47 }, lighten(palette.wood, 0.12)));
  const stack = [lighten(palette.pillows[1], 0.25), palette.pillows[0], lighten(palette.pillows[1], 0.1)];
  stack.forEach((colour, i) => {
    const y0 = 0.47 + i * 0.065;
    out.push(solid(scene, { x: x - 0.12, d, width: 0.4 - i * 0.03, depth: 0.28, y0, y1: y0 + 0.065, radius: 0.02 }, colour, { volume: true }));
  });
  out.push(solid(scene, { x: x + 0.24, d, width: 0.16, depth: 0.16, y0: 0.47, y1: 0.6, radius: 0.02 }, palette.pot, { volume: true }));
  out.push(solid(scene, { x: x + 0.24, d, width: 0.26, depth: 0.2, y0: 0.6, y1: 0.78, radius: 0.08 }, palette.leaf, { volume: true }));
  return out.join('');
}

/** A woven laundry basket with a towel over its rim. */
export function laundryBasket(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const weave = mix(palette.wood, '#c8b48a', 0.55);
  return [
    floorShadow(scene, x, d, 0.4, 0.4, 0.7),
    solid(scene, { x, d, width: 0.4, depth: 0.4, y0: 0, y1: 0.45, radius: 0.04 }, weave, { volume: true }),
    solid(scene, { x: x + 0.06, d: d - 0.2, width: 0.22, depth: 0.03, y0: 0.25, y1: 0.47, radius: 0.02 }, lighten(palette.pillows[1], 0.2)),
  ].join('');
}

/** A slim hall console against the wall, with a lamp and a bowl on it. */
export function console_(scene: Scene, x: number, d: number, width = 1.1): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, width, 0.35, 0.7)];
  for (const sx of [-1, 1]) {
    for (const sd of [1, -1]) out.push(solid(scene, { x: x + sx * (width / 2 - 0.04), d: d + sd * 0.13, width: 0.04, depth: 0.04, y0: 0, y1: 0.78 }, palette.metal));
  }
  out.push(solid(scene, { x, d, width, depth: 0.35, y0: 0.22, y1: 0.25 }, palette.wood));
  out.push(solid(scene, { x, d, width, depth: 0.35, y0: 0.76, y1: 0.8 }, palette.wood));
  // A table lamp on the left, a bowl on the right.
  const lx = x - width / 2 + 0.2;
  out.push(solid(scene, { x: lx, d, width: 0.05, depth: 0.05, y0: 0.8, y1: 1.15 }, palette.metal));
  out.push(solid(scene, { x: lx, d, width: 0.28, depth: 0.28, y0: 1.12, y1: 1.34, radius: 0.02 }, palette.lampShade, { volume: true }));
  out.push(solid(scene, { x: x + width / 2 - 0.25, d, width: 0.26, depth: 0.2, y0: 0.8, y1: 0.88, radius: 0.03 }, palette.pot, { volume: true }));
  return out.join('');
}

/** A free-standing coat rack with two coats and a scarf. */
export function coatRack(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, 0.5, 0.5, 0.6)];
  out.push(solid(scene, { x, d, width: 0.45, depth: 0.45, y0: 0, y1: 0.03 }, palette.metal));
  out.push(solid(scene, { x, d, width: 0.04, depth: 0.04, y0: 0.03, y1: 1.8 }, palette.metal));
  out.push(solid(scene, { x: x - 0.12, d: d - 0.08, width: 0.26, depth: 0.12, y0: 0.85, y1: 1.68, radius: 0.03 }, darken(palette.upholstery, 0.15), { volume: true }));
  out.push(solid(scene, { x: x + 0.12, d: d - 0.1, width: 0.22, depth: 0.1, y0: 1.0, y1: 1.7, radius: 0.03 }, palette.armchair, { volume: true }));
  out.push(solid(scene, { x, d: d - 0.16, width: 0.08, depth: 0.04, y0: 1.05, y1: 1.62 }, palette.pillows[0]));
  return out.join('');
}

/** A weatherproof lounge chair of slats: low seat, high back, facing the camera (yaw 0) or turned away (π). */
export function outdoorChair(scene: Scene, x: number, d: number, yaw: number): string {
  const { palette } = scene.kit;
  const frame = mix(palette.wood, '#8a8a86', 0.35);
  const seat = lighten(palette.pillows[1], 0.1);
  const backD = yaw === 0 ? d + 0.24 : d - 0.24;
  const out = [floorShadow(scene, x, d, 0.62, 0.62, 0.7)];
  for (const sx of [-1, 1]) out.push(solid(scene, { x: x + sx * 0.28, d, width: 0.05, depth: 0.6, y0: 0, y1: 0.58 }, frame));
  const cushion = solid(scene, { x, d, width: 0.52, depth: 0.5, y0: 0.34, y1: 0.44, radius: 0.03 }, seat, { volume: true });
  const back = solid(scene, { x, d: backD, width: 0.56, depth: 0.06, y0: 0.38, y1: 0.86, radius: 0.02 }, frame);
  out.push(...(yaw === 0 ? [back, cushion] : [cushion, back]));
  return out.join('');
}

/** Open wardrobe shelving against the wall: a frame, a rail with hanging clothes, folded piles, shoes below. */
export function wardrobeShelving(scene: Scene, x: number, d: number, width = 1.6): string {
  const { palette } = scene.kit;
  const carcass = lighten(palette.wood, 0.2);
  const out = [floorShadow(scene, x, d, width, 0.5, 0.8)];
  out.push(solid(scene, { x, d: d + 0.23, width, depth: 0.04, y0: 0, y1: 2.0 }, darken(carcass, 0.12)));
  for (const sx of [-1, 0, 1]) out.push(solid(scene, { x: x + sx * (width / 2 - 0.02), d, width: 0.03, depth: 0.5, y0: 0, y1: 2.0 }, carcass));
  for (const y of [0.02, 0.3, 1.7, 1.97]) out.push(solid(scene, { x, d, width, depth: 0.5, y0: y, y1: y + 0.03 }, carcass));
  // Left bay: a rail with clothes hanging from it; right bay: folded piles.
  const bay = width / 2 - 0.05;
  const clothes = [palette.upholstery, palette.pillows[0], palette.armchair, palette.art[1], lighten(palette.upholstery, 0.3), palette.pillows[1]];
  clothes.forEach((colour, i) => {
    const cx = x - width / 2 + 0.1 + (i + 0.5) * ((bay - 0.1) / clothes.length);
    out.push(solid(scene, { x: cx, d: d - 0.02, width: (bay - 0.1) / clothes.length - 0.01, depth: 0.4, y0: 0.75 + (i % 3) * 0.1, y1: 1.62, radius: 0.01 }, colour));
  });
  for (const y of [0.33, 0.75, 1.2]) {
    [0, 1].forEach((j) => {
      const px = x + 0.05 + bay * (0.27 + j * 0.45);
      out.push(solid(scene, { x: px, d: d - 0.02, width: bay * 0.36, depth: 0.36, y0: y, y1: y + 0.22, radius: 0.01 }, clothes[(j * 3 + Math.round(y * 10)) % clothes.length]!, { volume: true }));
    });
  }
  for (let i = 0; i < 4; i++) out.push(solid(scene, { x: x - width / 2 + 0.2 + i * 0.18, d: d - 0.05, width: 0.1, depth: 0.28, y0: 0.05, y1: 0.14 }, darken(palette.metal, 0.1)));
  return out.join('');
}

/** An upholstered island bench (an ottoman) on short legs. */
export function islandBench(scene: Scene, x: number, d: number, width = 1.2): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, width, 0.55, 0.9)];
  for (const sx of [-1, 1]) {
    for (const sd of [1, -1]) out.push(solid(scene, { x: x + sx * (width / 2 - 0.06), d: d + sd * 0.2, width: 0.05, depth: 0.05, y0: 0, y1: 0.1 }, palette.wood));
  }
  out.push(solid(scene, { x, d, width, depth: 0.55, y0: 0.1, y1: 0.46, radius: 0.05 }, palette.armchair, { volume: true }));
  return out.join('');
}

/** A baby crib against the wall: slatted sides, a mattress, a small blanket. */
export function crib(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const frame = lighten(palette.wood, 0.35);
  const out = [floorShadow(scene, x, d, 1.26, 0.68, 0.8)];
  // The back, slatted like the front (a crib has no solid panel; the wall shows between its slats).
  out.push(solid(scene, { x, d: d + 0.31, width: 1.2, depth: 0.04, y0: 0.88, y1: 0.95 }, frame));
  for (let i = 0; i < 11; i++) out.push(solid(scene, { x: x - 0.55 + i * 0.11, d: d + 0.31, width: 0.025, depth: 0.025, y0: 0.22, y1: 0.88 }, frame));
  out.push(solid(scene, { x, d: d + 0.31, width: 1.2, depth: 0.04, y0: 0.1, y1: 0.24 }, frame));
  out.push(solid(scene, { x, d, width: 1.2, depth: 0.62, y0: 0.3, y1: 0.42 }, '#f3f1ec', { volume: true }));
  out.push(solid(scene, { x: x + 0.25, d: d - 0.05, width: 0.5, depth: 0.45, y0: 0.42, y1: 0.46, radius: 0.02 }, lighten(palette.pillows[0], 0.4)));
  for (const sx of [-1, 1]) out.push(solid(scene, { x: x + sx * 0.6, d, width: 0.05, depth: 0.66, y0: 0, y1: 0.95 }, frame));
  // The front: top rail and slats.
  out.push(solid(scene, { x, d: d - 0.31, width: 1.2, depth: 0.04, y0: 0.88, y1: 0.92 }, frame));
  for (let i = 0; i < 11; i++) out.push(solid(scene, { x: x - 0.55 + i * 0.11, d: d - 0.31, width: 0.025, depth: 0.025, y0: 0.22, y1: 0.88 }, frame));
  out.push(solid(scene, { x, d: d - 0.31, width: 1.2, depth: 0.04, y0: 0.2, y1: 0.24 }, frame));
  return out.join('');
}

/** A changing table: a chest of drawers with a padded changing mat on top. */
export function changingTable(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, 0.9, 0.55, 0.8)];
  out.push(solid(scene, { x, d, width: 0.9, depth: 0.55, y0: 0.04, y1: 0.9 }, lighten(palette.wood, 0.3)));
  for (const y of [0.32, 0.6]) out.push(solid(scene, { x, d: d - 0.28, width: 0.86, depth: 0.01, y0: y, y1: y + 0.01 }, darken(palette.wood, 0.1)));
  out.push(solid(scene, { x, d, width: 0.8, depth: 0.5, y0: 0.9, y1: 1.0, radius: 0.03 }, lighten(palette.pillows[1], 0.3), { volume: true }));
  return out.join('');
}

/** A table-tennis table seen from its long side: a green top with white lines on a dark frame, the net across it. */
export function tableTennis(scene: Scene, x: number, d: number): string {
  const { palette } = scene.kit;
  const out = [floorShadow(scene, x, d, 2.74, 1.525, 0.9)];
  for (const sx of [-1, 1]) {
    for (const sd of [1, -1]) out.push(solid(scene, { x: x + sx * 1.1, d: d + sd * 0.6, width: 0.05, depth: 0.05, y0: 0, y1: 0.74 }, palette.metal));
  }
  out.push(solid(scene, { x, d, width: 2.74, depth: 1.525, y0: 0.72, y1: 0.76 }, '#1f5b45'));
  out.push(solid(scene, { x, d, width: 2.7, depth: 0.02, y0: 0.76, y1: 0.762 }, '#f4f4f0'));
  for (const sd of [-1, 1]) out.push(solid(scene, { x, d: d + sd * 0.75, width: 2.74, depth: 0.02, y0: 0.76, y1: 0.762 }, '#f4f4f0'));
  out.push(solid(scene, { x, d, width: 0.02, depth: 1.7, y0: 0.76, y1: 0.91 }, '#e8e8e2'));
  return out.join('');
}
