/**
 * Resolves conflicting Tailwind classes the way tailwind-merge does — the later class wins, a
 * shorthand also removes earlier longhands (`p-4` drops an earlier `pt-2`) — for the utilities this
 * app uses. tailwind-merge itself cost 8 KB gzip of the landing page's 130 KB budget; this costs
 * ~1 KB. Unknown utilities are kept as they are (never dropped), and in tests every call is checked
 * against tailwind-merge (web/src/test/setup.ts), so a utility that needs a rule here fails a test.
 */

type Rule = readonly [group: string, pattern: RegExp];

const SIZE = 'xs|sm|base|lg|xl|[2-9]xl';
const SHADOW_SIZE = '2xs|xs|sm|md|lg|xl|2xl|inner|none';
const SIDES = ['t', 'r', 'b', 'l', 's', 'e'];
const SPACING_SIDES = ['x', 'y', ...SIDES];
/** Values of spacing-like utilities: numbers, fractions, px/auto/full and arbitrary values. */
const SPACE = String.raw`(\d+(\.\d+)?|\d+/\d+|px|auto|full|screen|svh|dvh|lvh|min|max|fit|\[.+\]|\(.+\))`;

/** First match wins; patterns see the class without variants, `!` and a leading `-`. */
const RULES: readonly Rule[] = [
  ['display', /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|table|flow-root|hidden|list-item)$/],
  ['position', /^(static|fixed|absolute|relative|sticky)$/],
  ['visibility', /^(visible|invisible|collapse)$/],
  ['sr', /^(sr-only|not-sr-only)$/],
  ['flex-direction', /^flex-(row|col)(-reverse)?$/],
  ['flex-wrap', /^flex-(wrap|wrap-reverse|nowrap)$/],
  ['flex', /^flex-(1|auto|initial|none|\d+|\[.+\])$/],
  ['grow', /^grow(-.+)?$/],
  ['shrink', /^shrink(-.+)?$/],
  ['basis', /^basis-.+$/],
  ['order', /^order-.+$/],
  ['grid-cols', /^grid-cols-.+$/],
  ['grid-rows', /^grid-rows-.+$/],
  ['col', /^col-(span-.+|auto|start-.+|end-.+)$/],
  ['row', /^row-(span-.+|auto|start-.+|end-.+)$/],
  ['justify-content', /^justify-(start|end|end-safe|center|center-safe|between|around|evenly|stretch|baseline|normal)$/],
  ['justify-items', /^justify-items-.+$/],
  ['justify-self', /^justify-self-.+$/],
  ['align-items', /^items-.+$/],
  ['align-self', /^self-.+$/],
  ['align-content', /^content-(start|end|center|between|around|evenly|stretch|baseline|normal)$/],
  ['place-items', /^place-items-.+$/],
  ['place-content', /^place-content-.+$/],
  ['gap', /^gap-[^xy].*$/],
  ['gap-x', /^gap-x-.+$/],
  ['gap-y', /^gap-y-.+$/],
  ['space-x', /^space-x-.+$/],
  ['space-y', /^space-y-.+$/],
  ['p', /^p-.+$/],
  ...SPACING_SIDES.map((s): Rule => [`p${s}`, new RegExp(`^p${s}-.+$`)]),
  ['m', /^m-.+$/],
  ...SPACING_SIDES.map((s): Rule => [`m${s}`, new RegExp(`^m${s}-.+$`)]),
  ['size', /^size-.+$/],
  ['w', /^w-.+$/],
  ['min-w', /^min-w-.+$/],
  ['max-w', /^max-w-.+$/],
  ['h', /^h-.+$/],
  ['min-h', /^min-h-.+$/],
  ['max-h', /^max-h-.+$/],
  ['inset', /^inset-[^xy].*$/],
  ['inset-x', /^inset-x-.+$/],
  ['inset-y', /^inset-y-.+$/],
  ['top', new RegExp(`^top-${SPACE}$`)],
  ['right', new RegExp(`^right-${SPACE}$`)],
  ['bottom', new RegExp(`^bottom-${SPACE}$`)],
  ['left', new RegExp(`^left-${SPACE}$`)],
  ['z', /^z-.+$/],
  ['overflow', /^overflow-(auto|hidden|clip|visible|scroll)$/],
  ['overflow-x', /^overflow-x-.+$/],
  ['overflow-y', /^overflow-y-.+$/],
  ['truncate', /^(truncate|text-ellipsis|text-clip)$/],
  ['whitespace', /^whitespace-.+$/],
  ['break', /^break-(normal|words|all|keep)$/],
  ['wrap', /^wrap-(break-word|anywhere|normal)$/],
  ['line-clamp', /^line-clamp-.+$/],
  ['font-size', new RegExp(`^text-(${SIZE}|\\[\\d[^\\]]*(px|rem|em)\\])(/.+)?$`)],
  ['text-align', /^text-(left|center|right|justify|start|end)$/],
  ['text-wrap', /^text-(wrap|nowrap|balance|pretty)$/],
  ['text-color', /^text-.+$/],
  ['font-weight', /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/],
  ['font-family', /^font-.+$/],
  ['font-style', /^(italic|not-italic)$/],
  ['numeric', /^(tabular-nums|proportional-nums|lining-nums|oldstyle-nums|normal-nums|ordinal|slashed-zero)$/],
  ['leading', /^leading-.+$/],
  ['tracking', /^tracking-.+$/],
  ['text-transform', /^(uppercase|lowercase|capitalize|normal-case)$/],
  ['decoration-line', /^(underline|overline|line-through|no-underline)$/],
  ['underline-offset', /^underline-offset-.+$/],
  ['decoration', /^decoration-.+$/],
  ['align', /^align-.+$/],
  ['bg-attachment', /^bg-(fixed|local|scroll)$/],
  ['bg-clip', /^bg-clip-.+$/],
  ['bg-origin', /^bg-origin-.+$/],
  ['bg-repeat', /^bg-(repeat|no-repeat|repeat-.+)$/],
  ['bg-size', /^bg-(auto|cover|contain|size-.+)$/],
  ['bg-position', /^bg-(center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom|position-.+)$/],
  ['bg-image', /^bg-(none|linear-.+|radial(-.+)?|conic(-.+)?|\[(url|linear-gradient|radial-gradient|conic-gradient|repeating-[a-z]+-gradient)\(.+\)\])$/],
  ['bg-color', /^bg-.+$/],
  ['gradient-from', /^from-.+$/],
  ['gradient-via', /^via-.+$/],
  ['gradient-to', /^to-.+$/],
  ['rounded', /^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|\[.+\]))?$/],
  ...['t', 'r', 'b', 'l', 's', 'e', 'tl', 'tr', 'br', 'bl', 'ss', 'se', 'es', 'ee'].map((s): Rule => [`rounded-${s}`, new RegExp(`^rounded-${s}(-.+)?$`)]),
  ['border-w', /^border(-\d+|-\[\d[^\]]*\])?$/],
  ...['x', 'y', ...SIDES].map((s): Rule => [`border-w-${s}`, new RegExp(`^border-${s}(-\\d+|-\\[\\d[^\\]]*\\])?$`)]),
  ['border-style', /^border-(solid|dashed|dotted|double|hidden|none)$/],
  ['border-collapse', /^border-(collapse|separate)$/],
  ['border-color', /^border-.+$/],
  ['divide', /^divide-.+$/],
  ['outline-w', /^outline(-\d+)?$/],
  ['outline-offset', /^outline-offset-.+$/],
  ['outline-style', /^outline-(solid|dashed|dotted|double|none|hidden)$/],
  ['outline-color', /^outline-.+$/],
  ['ring-w', /^ring(-\d+|-\[\d+(\.\d+)?(px|rem|em)\])?$/],
  ['ring-inset', /^ring-inset$/],
  ['ring-offset-w', /^ring-offset-\d+$/],
  ['ring-offset-color', /^ring-offset-.+$/],
  ['ring-color', /^ring-.+$/],
  ['shadow', new RegExp(`^shadow(-(${SHADOW_SIZE}|\\[.+\\]))?$`)],
  ['shadow-color', /^shadow-.+$/],
  ['opacity', /^opacity-.+$/],
  ['blur', /^blur(-.+)?$/],
  ['backdrop-blur', /^backdrop-blur(-.+)?$/],
  ['grayscale', /^grayscale(-.+)?$/],
  ['object-fit', /^object-(contain|cover|fill|none|scale-down)$/],
  ['object-position', /^object-.+$/],
  ['aspect', /^aspect-.+$/],
  ['translate-x', /^translate-x-.+$/],
  ['translate-y', /^translate-y-.+$/],
  ['scale', /^scale-[^xy].*$/],
  ['rotate', /^rotate-.+$/],
  ['transition', /^transition(-.+)?$/],
  ['duration', /^duration-.+$/],
  ['ease', /^ease-.+$/],
  ['delay', /^delay-.+$/],
  ['animate', /^animate-.+$/],
  ['cursor', /^cursor-.+$/],
  ['pointer-events', /^pointer-events-.+$/],
  ['select', /^select-.+$/],
  ['resize', /^resize(-.+)?$/],
  ['touch', /^touch-.+$/],
  ['fill', /^fill-.+$/],
  ['stroke-w', /^stroke-\d+$/],
  ['stroke', /^stroke-.+$/],
  ['list', /^list-.+$/],
  ['accent', /^accent-.+$/],
  ['caret', /^caret-.+$/],
  ['placeholder', /^placeholder-.+$/],
  ['overscroll', /^overscroll-(auto|contain|none)$/],
  ['overscroll-x', /^overscroll-x-.+$/],
  ['overscroll-y', /^overscroll-y-.+$/],
  ...['', 'x', 'y', ...SIDES].map((s): Rule => [`scroll-m${s}`, new RegExp(`^scroll-m${s}-.+$`)]),
  ...['', 'x', 'y', ...SIDES].map((s): Rule => [`scroll-p${s}`, new RegExp(`^scroll-p${s}-.+$`)]),
];

/** A group also removes earlier classes of these groups (same variants): shorthand over longhand. */
const OVERRIDES: Record<string, readonly string[]> = {
  p: SPACING_SIDES.map((s) => `p${s}`),
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: SPACING_SIDES.map((s) => `m${s}`),
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  truncate: ['whitespace', 'text-wrap'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-s', 'rounded-e', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl', 'rounded-ss', 'rounded-se', 'rounded-es', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'border-w': ['x', 'y', ...SIDES].map((s) => `border-w-${s}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  flex: ['basis', 'grow', 'shrink'],
};

const groupCache = new Map<string, string | null>();
function groupOf(utility: string): string | null {
  let group = groupCache.get(utility);
  if (group === undefined) {
    // An arbitrary property ([scrollbar-width:none]) conflicts with the same property only.
    const property = /^\[([a-z-]+):.+\]$/.exec(utility)?.[1];
    group = property ? `[${property}]` : (RULES.find(([, pattern]) => pattern.test(utility))?.[0] ?? null);
    groupCache.set(utility, group);
  }
  return group;
}

/** Splits `md:hover:!-mt-2` into its variants key ("hover:md:!", order-insensitive) and the utility ("mt-2"). */
function parse(className: string): { variants: string; utility: string } {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  let important = '';
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!';
    utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1);
  }
  if (utility.startsWith('-')) utility = utility.slice(1);
  // Variants that select different elements keep their order ([&>svg]:…); plain ones do not matter.
  const key = variants.some((v) => v.startsWith('[')) ? variants.join(':') : variants.sort().join(':');
  return { variants: `${key}${important}`, utility };
}

export function mergeTailwindClasses(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    const { variants, utility } = parse(className);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(className); // not a utility we know: never dropped
      continue;
    }
    const key = `${variants}|${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(`${variants}|${overridden}`);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
