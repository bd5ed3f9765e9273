import { SaxesParser } from 'saxes';

/**
 * Decision 049: what an uploaded SVG logo may contain before librsvg renders it. librsvg's cost grows
 * with filters (a Gaussian blur with a huge stdDeviation over nested groups took 42–95 s), with
 * nesting, and with the number of elements (and `<use>` copies of them), so the document is read
 * with a streaming XML parser (saxes, strict XML) first and refused, without taking an image-work
 * slot, when it:
 *   - is not well-formed XML or has a DOCTYPE (internal entities expand text without bound);
 *   - uses a filter: a `<filter>` or `fe*` element, a `filter` attribute, or `filter:` in a style;
 *   - has more than SVG_BUDGET.elements elements, nests deeper than SVG_BUDGET.depth, or has more
 *     than SVG_BUDGET.uses `<use>` elements (each repeats what it points at).
 * A logo is a few dozen to a few hundred shapes; the budget leaves ample room for real ones.
 */
export const SVG_BUDGET = { elements: 4000, depth: 32, uses: 64 } as const;

export type SvgRefusal = 'not_xml' | 'doctype' | 'filter' | 'too_many_elements' | 'too_deep' | 'too_many_uses';

const FILTER_IN_STYLE = /(^|[;{\s])filter\s*:/i;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first reason the SVG is over budget, or null when it may be rendered. */
export function svgOverBudget(svg: string): SvgRefusal | null {
  const parser = new SaxesParser({ xmlns: false });
  let refusal: SvgRefusal | null = null;
  let elements = 0;
  let uses = 0;
  let depth = 0;
  let inStyle = false;
  const refuse = (reason: SvgRefusal) => {
    refusal ??= reason;
  };
  parser.on('doctype', () => refuse('doctype'));
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    elements += 1;
    depth += 1;
    if (name === 'use') uses += 1;
    if (name === 'filter' || name.startsWith('fe')) refuse('filter');
    for (const [attribute, value] of Object.entries(tag.attributes)) {
      if (localName(attribute) === 'filter') refuse('filter');
      if (attribute === 'style' && FILTER_IN_STYLE.test(value)) refuse('filter');
    }
    if (elements > SVG_BUDGET.elements) refuse('too_many_elements');
    if (depth > SVG_BUDGET.depth) refuse('too_deep');
    if (uses > SVG_BUDGET.uses) refuse('too_many_uses');
    inStyle = name === 'style';
  });
  // Also emitted right after `opentag` for a self-closing element.
  parser.on('closetag', () => {
    depth -= 1;
    inStyle = false;
  });
  const styleText = (text: string) => {
    if (inStyle && FILTER_IN_STYLE.test(text)) refuse('filter');
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('error', () => refuse('not_xml'));
  try {
    // Stops at the first refusal: the rest of a hostile document is never read.
    for (let at = 0; at < svg.length && refusal === null; at += 4096) parser.write(svg.slice(at, at + 4096));
    if (refusal === null) parser.close();
  } catch {
    refuse('not_xml');
  }
  return refusal;
}
