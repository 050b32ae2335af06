import { type ClassValue, clsx } from 'clsx';

// A small stand-in for tailwind-merge (about 9 KB gzip of the home page's 100 KB budget, DESIGN section 8):
// a later class replaces an earlier one of the same group under the same variants, so a className passed
// to a UI primitive overrides its default (`px-0` over `px-3`, `bg-white` over `bg-brand-600`).
// Classes it does not know keep both, as plain concatenation would. cn.test.ts checks it against
// tailwind-merge on every class combination the screens in src/web use.
const TEXT_SIZES = /^(xs|sm|base|lg|\d?xl|\[\d.*(px|rem|em)\])$/;
const FONT_WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const SIZES = /^(none|xs|sm|md|lg|\d?xl|full|inner)?$/;
const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const BORDER_WIDTH = /^(\d+|\[.*px\])?$/;

/** The group a class (without its variants) belongs to; unknown classes are their own group. */
function groupOf(base: string): string {
  if (DISPLAY.test(base)) return 'display';
  if (POSITION.test(base)) return 'position';
  const dash = base.replace(/^-/, '');
  let m = /^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me|w|h|size|min-w|min-h|max-w|max-h|gap|gap-x|gap-y|space-x|space-y|z|opacity|leading|tracking|top|right|bottom|left|inset|translate-x|translate-y|grid-cols|col-span|order|duration|underline-offset|ring-offset)-/.exec(dash);
  if (m) return m[1];
  m = /^(text|font|bg|border|rounded|shadow|ring|items|justify|self|overflow|overflow-x|overflow-y|cursor|whitespace|flex|object|aspect|animate|transition)(?:-(.*))?$/.exec(base);
  if (!m) return base;
  const [, prefix, rest = ''] = m;
  if (prefix === 'text') return TEXT_SIZES.test(rest) ? 'text-size' : /^(left|center|right|justify|start|end)$/.test(rest) ? 'text-align' : /^(ellipsis|clip|wrap|nowrap|balance|pretty)$/.test(rest) ? base : 'text-color';
  if (prefix === 'font') return FONT_WEIGHTS.test(rest) ? 'font-weight' : base;
  if (prefix === 'bg') return /^(none|gradient|linear|radial|conic|cover|contain|auto|center|top|bottom|left|right|repeat|no-repeat|fixed|local|scroll|clip|origin|blend)/.test(rest) ? base : 'bg-color';
  if (prefix === 'border') return BORDER_WIDTH.test(rest) ? 'border-width' : /^(solid|dashed|dotted|double|none)$/.test(rest) ? 'border-style' : /^[xytrblse](-|$)/.test(rest) ? base : 'border-color';
  if (prefix === 'rounded') return SIZES.test(rest) || rest.startsWith('[') ? 'rounded' : base;
  if (prefix === 'shadow') return SIZES.test(rest) ? 'shadow' : base;
  if (prefix === 'ring') return BORDER_WIDTH.test(rest) ? 'ring-width' : /^(inset)$/.test(rest) ? base : 'ring-color';
  if (prefix === 'flex') return /^(row|col|row-reverse|col-reverse)$/.test(rest) ? 'flex-direction' : /^(wrap|nowrap|wrap-reverse)$/.test(rest) ? 'flex-wrap' : 'flex';
  return rest ? prefix : base;
}

// A later class of the key group also replaces earlier classes of these groups (`p-4` after `pt-2`).
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'], px: ['pl', 'pr', 'ps', 'pe'], py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'], mx: ['ml', 'mr', 'ms', 'me'], my: ['mt', 'mb'],
  size: ['w', 'h'], inset: ['top', 'right', 'bottom', 'left'], gap: ['gap-x', 'gap-y'],
};

function merge(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const list = classes.split(' ').filter(Boolean);
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i];
    // Variants are the colon-separated parts before the utility, outside square brackets.
    const split = cls.search(/:(?![^[]*\])[^:]*$/);
    const variants = split < 0 ? '' : cls.slice(0, split + 1);
    const base = cls.slice(split + 1).replace(/^!/, '');
    const group = groupOf(base);
    const key = variants + group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const g of OVERRIDES[group] ?? []) taken.add(variants + g);
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}

// Screens pass the same few class lists over and over (every card of a list, every icon): each is
// merged once. Bounded, so classes built from data cannot grow it without end.
const merged = new Map<string, string>();
function mergeOnce(classes: string): string {
  let result = merged.get(classes);
  if (result === undefined) {
    if (merged.size >= 1000) merged.clear();
    result = merge(classes);
    merged.set(classes, result);
  }
  return result;
}

export const cn = (...inputs: ClassValue[]) => mergeOnce(clsx(inputs));
