import { seededRandom } from '../../../src/staging/engines/offline/svg.js';

/**
 * Furniture drawn as SVG at known places, each with the soft contact shadow a real object casts, for
 * generated lock cases: pasted into a photo they give a result whose added pixels are known exactly.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Piece = { kind: 'sofa' | 'cabinet' | 'plant' | 'rug' | 'art' | 'lamp' | 'bookcase' | 'tv' | 'curtain' | 'pendant' | 'wardrobe'; box: Box; colour?: string };

export function furnitureSvg(width: number, height: number, pieces: Piece[], seed = 1): string {
  const random = seededRandom(seed);
  const body = pieces.map((p, i) => draw(p, i, random)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${pieces.map((p, i) => `<filter id="s${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.max(2, p.box.h * 0.05)}"/></filter>`).join('')}</defs>${body}</svg>`;
}

function shadow(i: number, b: Box, opacity = 0.55): string {
  return `<ellipse cx="${b.x + b.w / 2}" cy="${b.y + b.h}" rx="${b.w * 0.56}" ry="${Math.max(4, b.h * 0.09)}" fill="#000" fill-opacity="${opacity}" filter="url(#s${i})"/>`;
}

function draw(p: Piece, i: number, random: () => number): string {
  const { x, y, w, h } = p.box;
  switch (p.kind) {
    case 'sofa': {
      const c = p.colour ?? '#5f6f80';
      return `${shadow(i, p.box)}<rect x="${x}" y="${y}" width="${w}" height="${h * 0.6}" rx="${h * 0.08}" fill="${c}"/>
        <rect x="${x + w * 0.08}" y="${y + h * 0.42}" width="${w * 0.84}" height="${h * 0.38}" rx="${h * 0.05}" fill="${c}" stroke="#00000033" stroke-width="2"/>
        <rect x="${x}" y="${y + h * 0.3}" width="${w * 0.1}" height="${h * 0.55}" rx="${h * 0.05}" fill="${c}" stroke="#00000040" stroke-width="2"/>
        <rect x="${x + w * 0.9}" y="${y + h * 0.3}" width="${w * 0.1}" height="${h * 0.55}" rx="${h * 0.05}" fill="${c}" stroke="#00000040" stroke-width="2"/>
        <rect x="${x + w * 0.25}" y="${y + h * 0.15}" width="${w * 0.18}" height="${h * 0.3}" rx="${h * 0.06}" fill="#e8dcc4"/>
        <rect x="${x + w * 0.05}" y="${y + h * 0.85}" width="${w * 0.03}" height="${h * 0.15}" fill="#2b2420"/>
        <rect x="${x + w * 0.92}" y="${y + h * 0.85}" width="${w * 0.03}" height="${h * 0.15}" fill="#2b2420"/>`;
    }
    case 'cabinet': {
      const c = p.colour ?? '#8a5a3c';
      return `${shadow(i, p.box)}<rect x="${x}" y="${y}" width="${w}" height="${h * 0.92}" fill="${c}" stroke="#2a1a10" stroke-width="2"/>
        <rect x="${x - w * 0.02}" y="${y}" width="${w * 1.04}" height="${h * 0.06}" fill="#a77554"/>
        ${[0.3, 0.55, 0.8].map((f) => `<line x1="${x + w * 0.04}" y1="${y + h * f}" x2="${x + w * 0.96}" y2="${y + h * f}" stroke="#3a2618" stroke-width="2"/><rect x="${x + w * 0.45}" y="${y + h * (f - 0.12)}" width="${w * 0.1}" height="${h * 0.03}" fill="#d9c7a0"/>`).join('')}
        <rect x="${x + w * 0.04}" y="${y + h * 0.92}" width="${w * 0.05}" height="${h * 0.08}" fill="#2a1a10"/><rect x="${x + w * 0.91}" y="${y + h * 0.92}" width="${w * 0.05}" height="${h * 0.08}" fill="#2a1a10"/>`;
    }
    case 'plant': {
      const leaves = Array.from({ length: 14 }, () => {
        const lx = x + w * (0.15 + random() * 0.7);
        const ly = y + h * (0.05 + random() * 0.5);
        const g = ['#2f6b3a', '#3f7f45', '#4f8f4a', '#2a5a30'][Math.floor(random() * 4)];
        return `<ellipse cx="${lx}" cy="${ly}" rx="${w * (0.12 + random() * 0.1)}" ry="${h * (0.05 + random() * 0.05)}" fill="${g}" transform="rotate(${Math.round(random() * 160 - 80)} ${lx} ${ly})"/>`;
      }).join('');
      return `${shadow(i, { x: x + w * 0.2, y, w: w * 0.6, h })}<line x1="${x + w / 2}" y1="${y + h * 0.3}" x2="${x + w / 2}" y2="${y + h * 0.7}" stroke="#4a3a28" stroke-width="${Math.max(2, w * 0.04)}"/>${leaves}
        <polygon points="${x + w * 0.25},${y + h * 0.66} ${x + w * 0.75},${y + h * 0.66} ${x + w * 0.68},${y + h} ${x + w * 0.32},${y + h}" fill="${p.colour ?? '#d8d2c4'}" stroke="#00000030" stroke-width="2"/>`;
    }
    case 'rug': {
      const c = p.colour ?? '#9c4a3a';
      const skew = w * 0.08;
      return `<polygon points="${x + skew},${y} ${x + w - skew},${y} ${x + w},${y + h} ${x},${y + h}" fill="${c}"/>
        <polygon points="${x + skew + w * 0.05},${y + h * 0.15} ${x + w - skew - w * 0.05},${y + h * 0.15} ${x + w - w * 0.06},${y + h * 0.85} ${x + w * 0.06},${y + h * 0.85}" fill="none" stroke="#e9d9b0" stroke-width="${Math.max(2, h * 0.04)}"/>`;
    }
    case 'art': {
      return `<rect x="${x + w * 0.03}" y="${y + h * 0.04}" width="${w}" height="${h}" fill="#000" fill-opacity="0.35" filter="url(#s${i})"/>
        <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#1e1c1a"/>
        <rect x="${x + w * 0.07}" y="${y + h * 0.07}" width="${w * 0.86}" height="${h * 0.86}" fill="${p.colour ?? '#3b6a8f'}"/>
        <circle cx="${x + w * 0.6}" cy="${y + h * 0.4}" r="${Math.min(w, h) * 0.2}" fill="#e7b04a"/>`;
    }
    case 'bookcase': {
      // An open bookcase to the ceiling: uprights, shelves, books of varied colours and heights.
      const c = p.colour ?? '#6e5038';
      const shelves = 6;
      const books = Array.from({ length: shelves - 1 }, (_, s) => {
        const top = y + (h * (s + 1)) / shelves;
        let bx = x + w * 0.06;
        let out = '';
        while (bx < x + w * 0.9) {
          const bw = w * (0.04 + random() * 0.05);
          const bh = (h / shelves) * (0.55 + random() * 0.35);
          out += `<rect x="${bx}" y="${top - bh}" width="${bw}" height="${bh}" fill="${['#8a2f2f', '#2f4f7a', '#d8c9a3', '#3f6b45', '#222'][Math.floor(random() * 5)]}"/>`;
          bx += bw + w * 0.01;
        }
        return out;
      }).join('');
      const boards = Array.from({ length: shelves + 1 }, (_, s) => `<rect x="${x}" y="${y + (h * s) / shelves - h * 0.008}" width="${w}" height="${h * 0.016}" fill="${c}"/>`).join('');
      return `${shadow(i, p.box, 0.4)}<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#00000022"/>${books}${boards}<rect x="${x}" y="${y}" width="${w * 0.05}" height="${h}" fill="${c}"/><rect x="${x + w * 0.95}" y="${y}" width="${w * 0.05}" height="${h}" fill="${c}"/>`;
    }
    case 'tv':
      // A flat TV on a low stand: a black glass panel with a faint reflection.
      return `${shadow(i, { x, y: y + h * 0.62, w, h: h * 0.38 })}<rect x="${x + w * 0.04}" y="${y}" width="${w * 0.92}" height="${h * 0.6}" rx="3" fill="#111"/>
        <polygon points="${x + w * 0.1},${y + h * 0.05} ${x + w * 0.35},${y + h * 0.05} ${x + w * 0.2},${y + h * 0.55} ${x + w * 0.1},${y + h * 0.55}" fill="#ffffff" fill-opacity="0.06"/>
        <rect x="${x + w * 0.45}" y="${y + h * 0.6}" width="${w * 0.1}" height="${h * 0.08}" fill="#222"/>
        <rect x="${x}" y="${y + h * 0.68}" width="${w}" height="${h * 0.3}" fill="${p.colour ?? '#5b4636'}" stroke="#2a1a10" stroke-width="2"/>`;
    case 'curtain': {
      // A sheer curtain hanging from a rod: pale, with vertical folds, the light through it.
      const folds = Array.from({ length: 9 }, (_, f) => `<rect x="${x + (w * f) / 9}" y="${y + h * 0.02}" width="${w / 18}" height="${h * 0.98}" fill="#000" fill-opacity="0.09"/>`).join('');
      return `<rect x="${x - w * 0.05}" y="${y}" width="${w * 1.1}" height="${h * 0.02}" fill="#333"/><rect x="${x}" y="${y + h * 0.02}" width="${w}" height="${h * 0.98}" fill="${p.colour ?? '#f3efe6'}" fill-opacity="0.82"/>${folds}`;
    }
    case 'pendant': {
      // A ring pendant on a thin wire from a ceiling canopy: the wire is 2 px, the thin part the lock must keep.
      const cx = x + w / 2;
      return `<rect x="${cx - w * 0.12}" y="${y}" width="${w * 0.24}" height="${h * 0.04}" fill="#1c1c1c"/><line x1="${cx}" y1="${y + h * 0.04}" x2="${cx}" y2="${y + h * 0.8}" stroke="#1c1c1c" stroke-width="2"/>
        <ellipse cx="${cx}" cy="${y + h * 0.88}" rx="${w * 0.48}" ry="${h * 0.08}" fill="none" stroke="#2a2a2a" stroke-width="${Math.max(3, h * 0.03)}"/>`;
    }
    case 'wardrobe':
      // A plain, handle-less wardrobe: one flat front with a faint split between its doors and its own shadow.
      return `${shadow(i, p.box, 0.35)}<rect x="${x}" y="${y}" width="${w}" height="${h * 0.97}" fill="${p.colour ?? '#efebe3'}" stroke="#00000030" stroke-width="2"/>
        <line x1="${x + w / 2}" y1="${y + h * 0.02}" x2="${x + w / 2}" y2="${y + h * 0.95}" stroke="#0000001a" stroke-width="1"/>
        <rect x="${x + w * 0.03}" y="${y + h * 0.97}" width="${w * 0.94}" height="${h * 0.03}" fill="#3a3430"/>`;
    case 'lamp':
      return `${shadow(i, { x: x + w * 0.25, y, w: w * 0.5, h }, 0.4)}<line x1="${x + w / 2}" y1="${y + h * 0.2}" x2="${x + w / 2}" y2="${y + h * 0.97}" stroke="#222" stroke-width="${Math.max(2, w * 0.06)}"/>
        <polygon points="${x + w * 0.2},${y} ${x + w * 0.8},${y} ${x + w},${y + h * 0.25} ${x},${y + h * 0.25}" fill="${p.colour ?? '#efe6d2'}" stroke="#00000040" stroke-width="2"/>
        <ellipse cx="${x + w / 2}" cy="${y + h * 0.97}" rx="${w * 0.3}" ry="${h * 0.03}" fill="#222"/>`;
  }
}
