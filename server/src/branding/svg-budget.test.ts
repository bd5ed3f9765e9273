import { describe, expect, it } from 'vitest';
import { SVG_BUDGET, svgOverBudget } from './svg-budget.js';

const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"${attributes}>${inner}</svg>`;
const nested = (levels: number, open: string, close: string, core = '<rect width="1" height="1"/>') => open.repeat(levels) + core + close.repeat(levels);

/** Decision 049: what an SVG logo may contain before librsvg sees it. */
describe('svgOverBudget', () => {
  it('lets a real logo through: shapes, gradients, text, a style sheet without filters, a few uses', () => {
    const logo = svg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#d4202a"/></linearGradient><path id="p" d="M0 0h10v10z"/></defs>
       <style>.a { fill: url(#g); opacity: .8 }</style>
       <g transform="scale(2)"><rect class="a" width="100" height="50"/><text x="5" y="40" style="font-weight:600">Muster</text></g>
       ${'<use href="#p"/>'.repeat(SVG_BUDGET.uses)}`,
    );
    expect(svgOverBudget(logo)).toBeNull();
  });

  it('refuses the stalling logo of issue 36: 50 nested <g filter> with feGaussianBlur stdDeviation=1000', () => {
    const hostile = svg(`<filter id="f"><feGaussianBlur stdDeviation="1000"/></filter>${nested(50, '<g filter="url(#f)">', '</g>')}`);
    expect(svgOverBudget(hostile)).toBe('filter');
  });

  it.each([
    ['a <filter> element', svg('<filter id="f"/>')],
    ['an fe* primitive outside a filter', svg('<feTurbulence baseFrequency="9"/>')],
    ['a namespaced filter element', `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:filter id="f"/></s:svg>`],
    ['a filter attribute', svg('<rect width="1" height="1" filter="url(#x)"/>')],
    ['a filter in a style attribute', svg('<rect width="1" height="1" style="fill:red; filter: blur(900px)"/>')],
    ['a filter in a style sheet', svg('<style>rect{filter:blur(900px)}</style><rect width="1" height="1"/>')],
    ['a filter in a CDATA style sheet', svg('<style><![CDATA[ rect { filter : blur(900px) } ]]></style>')],
  ])('refuses %s as "filter"', (_case, document) => {
    expect(svgOverBudget(document)).toBe('filter');
  });

  it('refuses nesting, elements and uses over the budget, by one', () => {
    // <svg> + groups + <rect>: depth - 2 groups reach the budget exactly.
    expect(svgOverBudget(svg(nested(SVG_BUDGET.depth - 2, '<g>', '</g>')))).toBe(null);
    expect(svgOverBudget(svg(nested(SVG_BUDGET.depth - 1, '<g>', '</g>')))).toBe('too_deep');
    expect(svgOverBudget(svg('<rect/>'.repeat(SVG_BUDGET.elements - 1)))).toBe(null);
    expect(svgOverBudget(svg('<rect/>'.repeat(SVG_BUDGET.elements)))).toBe('too_many_elements');
    expect(svgOverBudget(svg('<use href="#a"/>'.repeat(SVG_BUDGET.uses + 1)))).toBe('too_many_uses');
  });

  it('refuses a DOCTYPE (entity expansion) and what is not well-formed XML', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`;
    expect(svgOverBudget(laughs)).toBe('doctype');
    expect(svgOverBudget('<svg><g></svg>')).toBe('not_xml');
    expect(svgOverBudget('not a picture at all')).toBe('not_xml');
  });
});
