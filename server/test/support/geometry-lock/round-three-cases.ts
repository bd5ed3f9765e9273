import sharp from 'sharp';
import { type Drift } from './drift.js';
import { type Box, type Piece } from './furniture-svg.js';
import { changedRoom, type driftedOutput, furnished, type LockCase, medianColour, paint, PORTRAIT_PROVIDER, LANDSCAPE_PROVIDER, rectPolygon, type Room } from './lock-cases.js';
import { seededRandom } from '../../../src/staging/engines/offline/svg.js';
import { lampGlow } from './real-world.js';

/**
 * Generated cases for the causes of issue #34 (decision 058), each with its answer known: furniture
 * in front of part of a window or glazed door, a bookcase to the ceiling and a large plant, sheer
 * curtains at a window's edges, a canvas replaced by a TV, a pendant on a 2 px wire, a rug barely
 * darker than the floor, a window's view re-drawn by the model, ceiling lights switched on; and the
 * changes that must still be refused (a window made narrower, a window moved), plus verdicts that
 * must not flip with the provider's output size and recompression.
 */
export async function roundThreeCases(rooms: { corpus: Room; sampleWindow: Room; drift: Awaited<ReturnType<typeof driftedOutput>> }): Promise<LockCase[]> {
  const { corpus, sampleWindow, drift } = rooms;
  const W = corpus.pixels.width;
  const H = corpus.pixels.height;
  const box = (x: number, y: number, w: number, h: number): Box => ({ x: x * W, y: y * H, w: w * W, h: h * H });
  const floorColour = medianColour(corpus.pixels, { x0: 0.3, y0: 0.86, x1: 0.6, y1: 0.95 });
  const lowContrastRug = shade(floorColour, 0.9);
  const sampleGlass = bounds(sampleWindow.window);
  const sw = sampleWindow.pixels.width;
  const sh = sampleWindow.pixels.height;
  const drifted = { scale: 1.03, rotateDeg: 0.6, shiftX: 0.01, shiftY: -0.01, size: PORTRAIT_PROVIDER } satisfies Drift;
  return [
    await furnished(
      withPieces(corpus, 'an armchair and a floor lamp in front of the balcony door', [
        { kind: 'sofa', box: box(0.5, 0.53, 0.2, 0.12), colour: '#6b5a4a' },
        { kind: 'lamp', box: box(0.63, 0.4, 0.045, 0.24) },
        { kind: 'rug', box: box(0.3, 0.78, 0.4, 0.08) },
      ]),
      drifted,
    ),
    await furnished(
      withPieces(sampleWindow, 'a TV on a low stand in front of the window’s lower part', [
        { kind: 'tv', box: { x: sampleGlass.x0 + 0.15 * (sampleGlass.x1 - sampleGlass.x0), y: sampleGlass.y0 + 0.5 * (sampleGlass.y1 - sampleGlass.y0), w: 0.7 * (sampleGlass.x1 - sampleGlass.x0), h: 0.75 * (sampleGlass.y1 - sampleGlass.y0) } },
        ...sampleWindow.pieces.filter((p) => p.kind === 'rug'),
      ]),
      { scale: 1.02, rotateDeg: -0.5, shiftX: 0.01, shiftY: 0, size: LANDSCAPE_PROVIDER },
    ),
    await furnished(
      withPieces(corpus, 'an open bookcase to the ceiling and a large plant against the left wall', [
        { kind: 'bookcase', box: box(0.03, 0.14, 0.14, 0.62) },
        { kind: 'plant', box: box(0.18, 0.36, 0.14, 0.4) },
        { kind: 'sofa', box: box(0.3, 0.64, 0.28, 0.12) },
      ]),
      drifted,
    ),
    await furnished(
      withPieces(corpus, 'sheer curtains at both edges of the balcony door', [
        { kind: 'curtain', box: box(0.44, 0.36, 0.07, 0.6) },
        { kind: 'curtain', box: box(0.64, 0.36, 0.07, 0.6) },
        { kind: 'sofa', box: box(0.15, 0.64, 0.26, 0.12) },
      ]),
      drifted,
    ),
    await furnished(
      withPieces(corpus, 'a plain wardrobe before the curtain beside the balcony door', [
        { kind: 'wardrobe', box: box(0.455, 0.4, 0.1, 0.25) },
        { kind: 'rug', box: box(0.2, 0.8, 0.4, 0.08) },
      ]),
      drifted,
    ),
    await canvasReplaced(corpus, box),
    await furnished(
      withPieces(corpus, 'a ring pendant on a 2 px wire from the ceiling', [
        { kind: 'pendant', box: box(0.22, 0.0, 0.12, 0.3) },
        { kind: 'sofa', box: box(0.15, 0.64, 0.28, 0.12) },
      ]),
      drifted,
    ),
    await furnished(
      withPieces(corpus, 'a rug barely darker than the floor', [
        { kind: 'rug', box: box(0.16, 0.8, 0.56, 0.1), colour: lowContrastRug },
        { kind: 'sofa', box: box(0.2, 0.66, 0.3, 0.12) },
      ]),
      drifted,
    ),
    await furnished(withPieces(corpus, 'ceiling lights switched on', corpus.pieces), drifted, {
      what: 'three ceiling lights switched on',
      apply: async (p) => lampGlow(lampGlow(lampGlow(p, 0.3, 0.04, 0.06, 0.55), 0.55, 0.05, 0.06, 0.55), 0.8, 0.04, 0.06, 0.55),
    }),
    await viewRedrawn(drift),
    // Openings changed: still refused.
    await changedRoom(corpus, 'balcony door made narrower (its right half walled up)', () => paint(rectPolygon(0.57, 0.385, 0.675, 0.65, W, H), corpus.pixels, { x0: 0.39, y0: 0.43, x1: 0.46, y1: 0.52 }), drifted),
    await changedRoom(
      sampleWindow,
      'window moved along the wall',
      () => paint(sampleWindow.window, sampleWindow.pixels, { x0: sampleGlass.x1 + 0.05 * sw, y0: sampleGlass.y0, x1: sampleGlass.x1 + 0.12 * sw, y1: (sampleGlass.y0 + sampleGlass.y1) / 2, pixels: true }) + movedWindow(sampleGlass, sw, sh),
      { scale: 1.01, rotateDeg: 0.3, shiftX: 0, shiftY: 0.01, size: LANDSCAPE_PROVIDER },
    ),
    // The same answers at another provider size and a harsher recompression: the verdicts hold (item 6).
    await resized(await furnished(corpus, drifted), { width: 832, height: 1248 }, 70),
    await resized(await changedRoom(corpus, 'window painted over', () => paint(corpus.window, corpus.pixels, { x0: 0.39, y0: 0.43, x1: 0.46, y1: 0.52 }), drifted), { width: 768, height: 1152 }, 70),
  ];
}

function withPieces(room: Room, what: string, pieces: Piece[]): Room {
  return { ...room, name: `${room.name}: ${what}`, pieces };
}

/** The photo with a canvas on the wall; the answer with a TV and two prints where the canvas hung. */
async function canvasReplaced(corpus: Room, box: (x: number, y: number, w: number, h: number) => Box): Promise<LockCase> {
  const withCanvas = withPieces(corpus, 'canvas on the wall', [{ kind: 'art', box: box(0.12, 0.3, 0.16, 0.1), colour: '#c46b3c' }]);
  const photo = await furnished(withCanvas, { scale: 1, rotateDeg: 0, shiftX: 0, shiftY: 0 });
  const photoPixels = photo.truth!.furnished;
  const room: Room = { ...corpus, pixels: photoPixels, photo: await sharp(photoPixels.data, { raw: { width: photoPixels.width, height: photoPixels.height, channels: 3 } }).jpeg({ quality: 93 }).toBuffer() };
  const answer = await furnished(
    withPieces(room, 'its canvas replaced by a TV and two prints', [
      { kind: 'art', box: box(0.09, 0.27, 0.22, 0.13), colour: '#0d0d0d' },
      { kind: 'art', box: box(0.04, 0.44, 0.06, 0.08) },
      { kind: 'art', box: box(0.3, 0.44, 0.06, 0.08), colour: '#7a8f5a' },
      { kind: 'sofa', box: box(0.12, 0.64, 0.3, 0.12) },
    ]),
    { scale: 1.02, rotateDeg: 0.4, shiftX: 0.01, shiftY: -0.01, size: PORTRAIT_PROVIDER },
  );
  return { ...answer, name: `corpus with a canvas on the wall: ${answer.name.split(': ').slice(1).join(': ')}` };
}

/**
 * The real drifted output (realvibe-living-drift) with its left window's view painted anew (another
 * sky, a row of roofs, trees): the delivered window must show the photo's view.
 */
async function viewRedrawn(drift: Awaited<ReturnType<typeof driftedOutput>>): Promise<LockCase> {
  const result = await drift.changed((w, h) => {
    // Inside the glass (which spans about 0.225–0.39 × 0.345–0.52 of the output), its glazing bars painted over too.
    const x0 = 0.25 * w;
    const y0 = 0.365 * h;
    const vw = 0.12 * w;
    const vh = 0.12 * h;
    const roofs = Array.from({ length: 6 }, (_, k) => `<rect x="${x0 + (k * vw) / 6}" y="${y0 + vh * (0.45 + 0.1 * (k % 3))}" width="${vw / 6.5}" height="${vh * (0.55 - 0.1 * (k % 3))}" fill="${['#6d7280', '#8a6f5e', '#5d6b5a'][k % 3]}"/>`).join('');
    // Trees before the roofs: a view is busy (a flat fill over the glass is paint, refused as filled in).
    const random = seededRandom(7);
    const leaves = Array.from({ length: 70 }, () => `<ellipse cx="${x0 + random() * vw}" cy="${y0 + vh * (0.25 + random() * 0.7)}" rx="${vw * (0.02 + random() * 0.03)}" ry="${vh * (0.02 + random() * 0.03)}" fill="${['#5f7f45', '#7a9a52', '#49683a', '#9bb56b'][Math.floor(random() * 4)]}"/>`).join('');
    return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9d3ea"/><stop offset="1" stop-color="#eef3f7"/></linearGradient></defs><rect x="${x0}" y="${y0}" width="${vw}" height="${vh}" fill="url(#sky)"/>${roofs}${leaves}`;
  });
  return {
    name: 'real drifted output, its left window’s view re-drawn (another sky, roofs and trees)',
    expected: 'locked',
    original: drift.photo,
    result,
    // The left window's glass in the photo's frame, inset from its frame.
    photoBoxes: [{ x0: 0.265, y0: 0.375, x1: 0.36, y1: 0.475 }],
  };
}

async function resized(c: LockCase, size: { width: number; height: number }, quality: number): Promise<LockCase> {
  const result = await sharp(c.result).resize(size.width, size.height, { fit: 'fill' }).jpeg({ quality }).toBuffer();
  return { ...c, name: `${c.name}; answer at ${size.width}×${size.height}, JPEG q${quality}`, result, truth: c.truth };
}

/** A window of the sample room's window's size drawn further along the wall (bright glass, a white frame). */
function movedWindow(glass: { x0: number; y0: number; x1: number; y1: number }, width: number, height: number): string {
  const w = glass.x1 - glass.x0;
  const x = Math.max(0.02 * width, glass.x0 - 1.4 * w);
  const y = glass.y0 + 0.02 * height;
  return `<rect x="${x}" y="${y}" width="${w}" height="${glass.y1 - glass.y0}" fill="#f4f7fa" stroke="#ffffff" stroke-width="${Math.max(4, w * 0.05)}"/>`;
}

function bounds(points: { x: number; y: number }[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** An `rgb(r,g,b)` colour scaled by `f`. */
function shade(colour: string, f: number): string {
  const [r, g, b] = colour.match(/\d+/g)!.map(Number);
  return `rgb(${[r, g, b].map((v) => Math.round(v * f)).join(',')})`;
}

