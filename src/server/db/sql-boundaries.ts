import path from 'node:path';
import { namesCalled, parseSqlFile } from './sql-parse.js';

/**
 * SQL boundaries (DESIGN section 2, docs/decisions/0030-sql-boundaries.md), read from the files: a
 * feature's SQL calls another feature's functions only through those it declares public, and only
 * into a feature it declares a dependency on (eslint.boundaries.js, the same list the TypeScript lint
 * reads); it writes only the tables it owns (triggers included); the features call each other in no
 * cycle; and TypeScript calls only its own feature's SQL functions (or shared ones).
 */

/** Function files outside a feature (db/, time/, plugins/) are shared: any feature may call them. */
export const SHARED = 'shared';

export interface Boundary {
  /** Feature (or SHARED) → the functions others may call. Shared functions are all public. */
  publicFunctions: Map<string, Set<string>>;
  /** Table → the feature (or SHARED) that owns it: the only one whose SQL writes it. */
  tableOwners: Map<string, string>;
  /** Feature → the features it may depend on (eslint.boundaries.js); SHARED depends on none. */
  dependencies: Record<string, readonly string[]>;
}

export interface SqlSource {
  /** Path from src/server, as readFunctionFiles gives it. */
  file: string;
  sql: string;
}

export interface TsSource {
  /** Path from src/server. */
  file: string;
  text: string;
}

export type ViolationKind = 'private-call' | 'undeclared-call' | 'write' | 'cycle' | 'ts-call';

export interface Violation {
  kind: ViolationKind;
  /** feature/function (or feature/file.sql for a file's top-level statements, or the TypeScript file's path). */
  from: string;
  /** feature/function or feature/table (a cycle: its features, sorted, comma-separated). */
  to: string;
  /** What a reader needs to find and fix it. */
  detail: string;
}

/** The feature a path under src/server belongs to, or SHARED. */
export function featureOf(file: string): string {
  return /^features\/([^/]+)\//.exec(file)?.[1] ?? SHARED;
}

interface FunctionSite {
  feature: string;
  file: string;
}

/** Every function the files define, with where. A name defined twice is an error (decision 0016). */
export function functionSites(files: readonly SqlSource[]): Map<string, FunctionSite> {
  const sites = new Map<string, FunctionSite>();
  for (const { file, sql } of files) {
    for (const fn of parseSqlFile(sql).functions) {
      const seen = sites.get(fn.name);
      if (seen) throw new Error(`function ${fn.name} is defined in ${seen.file} and in ${file}`);
      sites.set(fn.name, { feature: featureOf(file), file });
    }
  }
  return sites;
}

/** The violations of the SQL in `files` and of the TypeScript in `ts`. */
export function findViolations(files: readonly SqlSource[], ts: readonly TsSource[], boundary: Boundary): Violation[] {
  const sites = functionSites(files);
  const violations: Violation[] = [];
  const edges = new Map<string, Set<string>>();
  const owner = (table: string) => boundary.tableOwners.get(table);
  const call = (feature: string, from: string, callee: string, file: string) => {
    const target = sites.get(callee);
    if (!target || target.feature === feature || target.feature === SHARED) return;
    if (!edges.has(feature)) edges.set(feature, new Set());
    edges.get(feature)!.add(target.feature);
    const to = `${target.feature}/${callee}`;
    if (!boundary.publicFunctions.get(target.feature)?.has(callee)) {
      violations.push({ kind: 'private-call', from, to, detail: `${file}: ${from} calls ${callee}, which ${target.feature} does not declare public` });
    }
    if (!(boundary.dependencies[feature] ?? []).includes(target.feature)) {
      violations.push({ kind: 'undeclared-call', from, to, detail: `${file}: ${from} calls into ${target.feature}, a dependency ${feature} does not declare` });
    }
  };
  const write = (feature: string, from: string, table: string, file: string, how: string) => {
    const tableOwner = owner(table);
    if (tableOwner === undefined || tableOwner === feature) return;
    violations.push({ kind: 'write', from, to: `${tableOwner}/${table}`, detail: `${file}: ${from} ${how} ${table}, a table of ${tableOwner}` });
  };

  for (const { file, sql } of files) {
    const feature = featureOf(file);
    const parsed = parseSqlFile(sql);
    for (const fn of parsed.functions) {
      const from = `${feature}/${fn.name}`;
      for (const callee of fn.calls) call(feature, from, callee, file);
      for (const table of fn.writes) write(feature, from, table, file, 'writes');
    }
    const topFrom = `${feature}/${path.posix.basename(file)}`;
    for (const callee of namesCalled(parsed.topLevel)) call(feature, topFrom, callee, file);
    for (const trigger of parsed.triggers) {
      const fn = parsed.functions.find((f) => f.name === trigger.function);
      if (fn?.setsNewRow && trigger.timing === 'before') {
        write(sites.get(fn.name)!.feature, `${sites.get(fn.name)!.feature}/${fn.name}`, trigger.table, file, `sets the new row (BEFORE trigger ${trigger.name}) of`);
      }
    }
  }

  for (const { file, text } of ts) {
    const feature = featureOf(file);
    for (const name of namesCalled(stripTsComments(text))) {
      const target = sites.get(name);
      if (!target || target.feature === feature || target.feature === SHARED) continue;
      violations.push({ kind: 'ts-call', from: file, to: `${target.feature}/${name}`, detail: `${file} calls ${name}, a function of ${target.feature}: call ${target.feature}'s exported service instead` });
    }
  }

  for (const cycle of cyclesOf(edges, boundary.dependencies)) {
    const [first, ...rest] = cycle.features;
    violations.push({ kind: 'cycle', from: first, to: rest.join(','), detail: `${cycle.features.join(', ')} depend on each other, as in ${cycle.path.join(' -> ')}` });
  }
  return violations;
}

/** Comments out of TypeScript (a comment naming a function calls nothing); strings stay: SQL is written in them. */
function stripTsComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1').toLowerCase();
}

/** A group of features that reach each other, and the shortest cycle through the first of them. */
export interface Cycle {
  features: string[];
  path: string[];
}

/**
 * The groups of features that reach each other (strongly connected components) in the SQL call graph
 * joined with the declared dependencies, each with one cycle to show.
 */
export function cyclesOf(calls: Map<string, Set<string>>, declared: Record<string, readonly string[]>): Cycle[] {
  const graph = new Map<string, Set<string>>();
  const add = (a: string, b: string) => (graph.get(a) ?? graph.set(a, new Set()).get(a)!).add(b);
  for (const [a, bs] of calls) for (const b of bs) add(a, b);
  for (const [a, bs] of Object.entries(declared)) for (const b of bs) add(a, b);
  const reach = (from: string) => {
    const seen = new Set([from]);
    const stack = [from];
    while (stack.length) {
      for (const n of graph.get(stack.pop()!) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    return seen;
  };
  const cycles: Cycle[] = [];
  const grouped = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (grouped.has(start)) continue;
    const group = [...reach(start)].filter((f) => f === start || reach(f).has(start)).sort();
    group.forEach((f) => grouped.add(f));
    if (group.length > 1) cycles.push({ features: group, path: shortestCycle(graph, start) });
  }
  return cycles;
}

/** The shortest path from start back to itself, breadth first. */
function shortestCycle(graph: Map<string, Set<string>>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of [...(graph.get(at) ?? [])].sort()) {
      if (next === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return [start];
}
