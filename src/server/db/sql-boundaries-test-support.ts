import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverFeatureDependencies, testFiles } from '../../../eslint.boundaries.js';
import { readFunctionFiles } from './function-files.js';
import { SHARED, type Boundary, type SqlSource, type TsSource, type Violation, type ViolationKind } from './sql-boundaries.js';

/**
 * The files the SQL boundary test reads (docs/decisions/0030-sql-boundaries.md): each feature's
 * declaration `features/<f>/sql/boundary.txt` (shared code's: `db/sql/boundary.txt`), the tables of
 * schema.ts, the function files, the production TypeScript of src/server, and the baseline of
 * violations left to the rewrites under way.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');

export interface Declaration {
  /** Path from src/server. */
  file: string;
  owner: string;
  owns: string[];
  publicFunctions: string[];
}

/** One boundary.txt: `owns <table>` and `public <function>` lines; `#` starts a comment. */
export function parseDeclaration(file: string, owner: string, text: string): Declaration {
  const declaration: Declaration = { file, owner, owns: [], publicFunctions: [] };
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const [word, name, ...rest] = line.split(/\s+/);
    if (rest.length > 0 || !name || (word !== 'owns' && word !== 'public')) {
      throw new Error(`${file}:${index + 1}: expected "owns <table>" or "public <function>", got "${raw.trim()}"`);
    }
    (word === 'owns' ? declaration.owns : declaration.publicFunctions).push(name.toLowerCase());
  });
  return declaration;
}

export function readDeclarations(root = serverRoot): Declaration[] {
  const found: Declaration[] = [];
  const read = (relative: string, owner: string) => {
    const full = path.join(root, relative);
    if (existsSync(full)) found.push(parseDeclaration(relative, owner, readFileSync(full, 'utf8')));
  };
  read('db/sql/boundary.txt', SHARED);
  for (const feature of readdirSync(path.join(root, 'features')).sort()) read(`features/${feature}/sql/boundary.txt`, feature);
  return found;
}

/** The declared boundary, and the dependencies eslint.boundaries.js declares for the TypeScript lint. */
export function boundaryOf(declarations: readonly Declaration[]): Boundary {
  const tableOwners = new Map<string, string>();
  for (const d of declarations) {
    for (const table of d.owns) {
      const other = tableOwners.get(table);
      if (other !== undefined) throw new Error(`table ${table} is owned by ${other} and by ${d.owner} (${d.file})`);
      tableOwners.set(table, d.owner);
    }
  }
  return {
    publicFunctions: new Map(declarations.map((d) => [d.owner, new Set(d.publicFunctions)])),
    tableOwners,
    dependencies: serverFeatureDependencies,
  };
}

/** The tables schema.ts defines (pgTable('name', …)). */
export function schemaTables(root = serverRoot): string[] {
  const text = readFileSync(path.join(root, 'db/schema.ts'), 'utf8');
  return [...text.matchAll(/pgTable\(\s*'(\w+)'/g)].map((m) => m[1]);
}

export function readSqlSources(): SqlSource[] {
  return readFunctionFiles(serverRoot).map(({ file, sql }) => ({ file, sql }));
}

/** A glob of eslint.boundaries.js's testFiles (**, *, {a,b}) as a regular expression. */
function globRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, alternatives: string) => `(?:${alternatives.split(',').join('|')})`)
    .replace(/\*\*\//g, '__globstar__')
    .replace(/\*\*/g, '.*')
    .replace(/\*/g, '[^/]*')
    .replace(/__globstar__/g, '(?:.*/)?');
  return new RegExp(`^${source}$`);
}

/** Production TypeScript under src/server: test files and what only tests use are free, as in the lint. */
export function readTsSources(root = serverRoot): TsSource[] {
  const tests = (testFiles as readonly string[]).map(globRegExp);
  const found: TsSource[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const fromRepo = path.relative(repoRoot, full).split(path.sep).join('/');
        if (!tests.some((t) => t.test(fromRepo))) found.push({ file: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return found;
}

export interface BaselineEntry {
  kind: ViolationKind;
  from: string;
  to: string;
  reason: string;
  line: number;
}

export const baselineFile = 'db/sql-boundaries-baseline.txt';

/** The baseline: `<kind> <from> <to> <reason…>` a line; `#` lines are comments. */
export function parseBaseline(text: string): BaselineEntry[] {
  const kinds: ViolationKind[] = ['private-call', 'undeclared-call', 'write', 'cycle', 'ts-call'];
  return text.split('\n').flatMap((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return [];
    const [kind, from, to, ...reason] = line.split(/\s+/);
    if (!kinds.includes(kind as ViolationKind) || !to || reason.length === 0) {
      throw new Error(`${baselineFile}:${index + 1}: expected "<kind> <from> <to> <reason>", kind one of ${kinds.join(', ')}`);
    }
    return [{ kind: kind as ViolationKind, from, to, reason: reason.join(' '), line: index + 1 }];
  });
}

export function readBaseline(): BaselineEntry[] {
  return parseBaseline(readFileSync(path.join(serverRoot, baselineFile), 'utf8'));
}

/** Violations the baseline does not list, and baseline lines no violation matches any more. */
export function againstBaseline(violations: readonly Violation[], baseline: readonly BaselineEntry[]) {
  const key = (v: { kind: string; from: string; to: string }) => `${v.kind} ${v.from} ${v.to}`;
  const listed = new Set(baseline.map(key));
  const found = new Set(violations.map(key));
  return { unlisted: violations.filter((v) => !listed.has(key(v))), stale: baseline.filter((b) => !found.has(key(b))) };
}
