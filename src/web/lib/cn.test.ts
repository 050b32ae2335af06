// cn() is a small stand-in for tailwind-merge (lib/cn.ts). This reads every screen in src/web, expands each cn()
// call and each className given to a UI primitive into the class lists it can produce, and checks that cn() gives
// what tailwind-merge gives for every one of them, so a new override the small merge does not know fails here.
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { cva } from 'class-variance-authority';
import { cn } from './cn';

const root = new URL('../../../', import.meta.url).pathname;
// The Button's variants, read from its file (importing it would need the @/ alias, which unit tests do not have).
const buttonSource = readFileSync(root + 'src/web/components/ui/button.tsx', 'utf8');
const buttonVariants = new Function('cva', `return cva(${buttonSource.slice(buttonSource.indexOf('cva(') + 4, buttonSource.indexOf(');\n\nexport function Button'))});`)(cva) as (v: { variant?: string; size?: string }) => string;

const field = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:opacity-50 aria-[invalid=true]:border-red-500';
const badge: Record<string, string> = { default: 'bg-brand-600 text-white', secondary: 'bg-slate-100 text-slate-800', outline: 'border border-slate-300 text-slate-700', success: 'bg-emerald-100 text-emerald-800', warning: 'bg-amber-100 text-amber-800', destructive: 'bg-red-100 text-red-800' };
const bases: Record<string, (attrs: Record<string, string | null>) => string[]> = {
  Button: (a) => {
    const vs = a.variant === undefined ? ['default'] : a.variant === null ? ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] : [a.variant];
    const ss = a.size === undefined ? ['default'] : a.size === null ? ['default', 'sm', 'lg', 'icon'] : [a.size];
    return vs.flatMap((variant) => ss.map((size) => buttonVariants({ variant, size })));
  },
  TabsList: () => ['flex w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1'],
  TabsTrigger: () => ['whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm'],
  TabsContent: () => ['mt-4'],
  Checkbox: () => ['peer size-5 shrink-0 rounded border border-slate-400 bg-white data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white'],
  Dialog: () => ['fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl'],
  Calendar: () => ['w-full max-w-80 rounded-lg border border-slate-200 bg-white p-3'],
  Input: () => [field + ' h-10'], NativeSelect: () => [field + ' h-10'], Textarea: () => [field + ' min-h-20'],
  Label: () => ['text-sm font-medium text-slate-700'],
  Card: () => ['rounded-xl border border-slate-200 bg-white shadow-sm'],
  CardHeader: () => ['space-y-1.5 p-5'], CardTitle: () => ['text-lg font-semibold leading-tight'], CardDescription: () => ['text-sm text-slate-600'],
  CardContent: () => ['p-5 pt-0'], CardFooter: () => ['flex items-center p-5 pt-0'],
  Badge: (a) => (a.variant === undefined ? ['default'] : a.variant === null ? Object.keys(badge) : [a.variant]).map((v) => 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ' + badge[v]),
  Skeleton: () => ['animate-pulse rounded-md bg-slate-200'],
  ConnectionStatus: () => ['inline-flex items-center gap-1.5 text-xs font-medium text-slate-600'],
};

const cap = (xs: string[][]) => xs.reduce<string[]>((acc, alts) => acc.flatMap((a) => alts.map((b) => `${a} ${b}`)).slice(0, 4096), ['']);
function alts(e: ts.Expression | undefined): string[] {
  if (!e) return [''];
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isParenthesizedExpression(e)) return alts(e.expression);
  if (ts.isJsxExpression(e as never)) return alts((e as unknown as ts.JsxExpression).expression);
  if (ts.isConditionalExpression(e)) return [...alts(e.whenTrue), ...alts(e.whenFalse)];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return ['', ...alts(e.right)];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.BarBarToken) return [...alts(e.left), ...alts(e.right)];
  if (ts.isElementAccessExpression(e) && ts.isObjectLiteralExpression(e.expression)) return e.expression.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? alts(p.initializer) : ['?']));
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'cn') return cap(e.arguments.map(alts));
  if (ts.isTemplateExpression(e)) return cap([[e.head.text], ...e.templateSpans.map((s) => [...alts(s.expression).map((x) => x + ' ' + s.literal.text)])]);
  if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) return alts(e.body);
  return [`«${e.getText().slice(0, 40)}»`];
}
const norm = (s: string) => s.split(/\s+/).filter(Boolean);
const mismatches: string[] = [];
let checked = 0;
const report = (where: string, combos: string[]) => {
  for (const c of combos) {
    const all = norm(c.replace(/«[^»]*»/g, '')).join(' ');
    checked++;
    if (cn(all) !== twMerge(all)) mismatches.push(`${where}: ${all}\n  tailwind-merge: ${twMerge(all)}\n  cn: ${cn(all)}`);
  }
};
const files = execSync('git ls-files src/web', { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.tsx'));
for (const f of files) {
  const text = readFileSync(root + f, 'utf8');
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (n: ts.Node) => {
    const line = () => `${f}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'cn') report(line() + ' cn', cap(n.arguments.map(alts)));
    if ((ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) && ts.isIdentifier(n.tagName) && bases[n.tagName.text]) {
      const attrs: Record<string, string | null> = {};
      let cls: ts.Expression | undefined;
      for (const a of n.attributes.properties) {
        if (!ts.isJsxAttribute(a)) continue;
        const name = a.name.getText();
        const v = a.initializer;
        const val = v && ts.isStringLiteral(v) ? v.text : v && ts.isJsxExpression(v) && v.expression && ts.isStringLiteral(v.expression) ? v.expression.text : null;
        if (name === 'className') cls = v && ts.isJsxExpression(v) ? v.expression : v as ts.Expression;
        else attrs[name] = val;
      }
      const b = bases[n.tagName.text](attrs);
      const cs = cls ? alts(cls) : [''];
      report(`${line()} <${n.tagName.text}>`, b.flatMap((x) => cs.map((c) => `${x} ${c}`)));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

it('cn() merges like tailwind-merge on every class list the screens can produce', () => {
  expect(checked).toBeGreaterThan(200);
  expect(mismatches).toEqual([]);
});
