import type { Point } from './room-camera.js';

/** Tiny helpers for building SVG text: fixed-precision numbers keep the output small and deterministic. */
export const n = (value: number): string => (Math.round(value * 10) / 10).toString();

export function polygon(points: Point[], attributes: string): string {
  return `<polygon points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${attributes}/>`;
}

export function rect(x: number, y: number, width: number, height: number, attributes: string, radius = 0): string {
  const r = radius > 0 ? ` rx="${n(Math.min(radius, width / 2, height / 2))}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, width))}" height="${n(Math.max(0, height))}"${r} ${attributes}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attributes: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(Math.max(0, rx))}" ry="${n(Math.max(0, ry))}" ${attributes}/>`;
}

export function line(a: Point, b: Point, attributes: string): string {
  return `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" ${attributes}/>`;
}

export function path(d: string, attributes: string): string {
  return `<path d="${d}" ${attributes}/>`;
}

// Colours as #rrggbb strings.
type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${[r, g, b].map((v) => clamp(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Mix `a` toward `b` by t in [0,1]. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

export const lighten = (color: string, t: number) => mix(color, '#ffffff', t);
export const darken = (color: string, t: number) => mix(color, '#000000', t);

/** Multiplies every channel (exposure matching). */
export function scaleColor(color: string, factor: number): string {
  return toHex(parseHex(color).map((v) => v * factor) as Rgb);
}

export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.max(0, Math.min(1, saturation));
  const l = Math.max(0, Math.min(1, lightness));
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return toHex([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/** Deterministic PRNG (mulberry32): the same seed draws the same room, furniture and grain. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash of text (custom style descriptions). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
