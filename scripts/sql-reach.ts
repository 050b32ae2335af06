/**
 * How much SQL one entry function reaches (issue 28, "Reach"), read from the files, no database:
 *
 *   npx tsx scripts/sql-reach.ts que_book_returning_events [repo root] [--list] [--calls-only]
 *
 * Counts, transitively from the entry function: every function defined in a function file
 * (src/server/<…>/sql/*.sql) whose name the body of a reached function calls, and every trigger
 * function fired on a table a reached function writes, when the trigger's event (INSERT, UPDATE,
 * DELETE) is one that function performs on that table. Triggers are read from src/server/db/schema.sql
 * (the dump holds triggers made by migrations and by function files alike). Built-ins are not counted.
 * What it cannot see: SQL the TypeScript runs beside the entry function, functions called through
 * EXECUTE with a name built at run time, and a trigger's WHEN condition beyond the columns it names:
 * an UPDATE fires a trigger with UPDATE OF columns or a WHEN old.x IS DISTINCT FROM new.x list only if
 * it sets one of those columns (what the values are is not read; a SET list is read up to its first
 * FROM, WHERE or RETURNING, so a column set after a subquery is missed). The repo root defaults to
 * this checkout; pass another tree (a `git worktree add`) to measure an older commit. --list prints
 * each function with its file and how it was reached; --calls-only leaves the triggers out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFunctionFiles } from '../src/server/db/function-files.js';
import { namesCalled, stripSql } from '../src/server/db/sql-parse.js';

type Verb = 'insert' | 'update' | 'delete';

interface FunctionInfo {
  file: string;
  calls: string[];
  /** Table → the verbs this function uses on it. */
  writes: Map<string, Set<Verb>>;
  /** Table → the columns its UPDATEs set (an upsert's DO UPDATE: every column). */
  updated: Map<string, Set<string>>;
}

const verbPatterns: [Verb, RegExp][] = [
  ['insert', /\binsert\s+into\s+(?:\w+\.)?(\w+)/g],
  ['update', /(?<!\bfor\s+)(?<!\bkey\s+)(?<!\bdo\s+)(?<!\bor\s+)(?<!\bbefore\s+)(?<!\bafter\s+)\bupdate\s+(?:only\s+)?(?:\w+\.)?(\w+)/g],
  ['delete', /\bdelete\s+from\s+(?:only\s+)?(?:\w+\.)?(\w+)/g],
];
const notTables = new Set(['of', 'skip', 'nowait', 'set', 'on']);

const everyColumn = '*';
/** An upsert's DO UPDATE updates the row it conflicts with: a row of the INSERT's own table (same statement). */
const upsert = /\binsert\s+into\s+(?:\w+\.)?(\w+)[^;]*?\bon\s+conflict\b[^;]*?\bdo\s+update\b/g;

/** The columns an UPDATE sets: the names before "=" in its SET list (up to FROM, WHERE, RETURNING or the end). */
function updatedColumns(body: string): Map<string, Set<string>> {
  const updated = new Map<string, Set<string>>();
  for (const m of body.matchAll(/(?<!\bfor\s+)(?<!\bkey\s+)(?<!\bdo\s+)(?<!\bor\s+)\bupdate\s+(?:only\s+)?(?:\w+\.)?(\w+)(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?:\bfrom\b|\bwhere\b|\breturning\b|;|$)/g)) {
    const columns = updated.get(m[1]) ?? updated.set(m[1], new Set()).get(m[1])!;
    for (const c of m[2].matchAll(/(?:^|,|\()\s*(?:\w+\.)?(\w+)\s*(?==[^=>])/g)) columns.add(c[1]);
  }
  for (const m of body.matchAll(upsert)) {
    (updated.get(m[1]) ?? updated.set(m[1], new Set()).get(m[1])!).add(everyColumn);
  }
  return updated;
}

function writesOf(body: string): Map<string, Set<Verb>> {
  const writes = new Map<string, Set<Verb>>();
  const add = (table: string, verb: Verb) => (writes.get(table) ?? writes.set(table, new Set()).get(table)!).add(verb);
  for (const [verb, pattern] of verbPatterns) {
    for (const m of body.matchAll(pattern)) if (!notTables.has(m[1])) add(m[1], verb);
  }
  for (const m of body.matchAll(upsert)) add(m[1], 'update');
  return writes;
}

/** Each function's body in a file, as sql-parse.ts reads them (a header, then its dollar-quoted body). */
function functionsOf(sql: string): { name: string; body: string }[] {
  const found: { name: string; body: string }[] = [];
  let from = 0;
  for (const header of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(?:\w+\.)?(\w+)\s*\(/gi)) {
    if (header.index < from) continue;
    const open = /\$(?:[a-zA-Z_]\w*)?\$/.exec(sql.slice(header.index));
    if (!open) continue;
    const start = header.index + open.index + open[0].length;
    const end = sql.indexOf(open[0], start);
    if (end < 0) continue;
    found.push({ name: header[1].toLowerCase(), body: stripSql(sql.slice(start, end)) });
    from = end + open[0].length;
  }
  return found;
}

interface Trigger {
  table: string;
  events: Set<Verb>;
  /** For UPDATE: the columns it watches (UPDATE OF …, or WHEN old.x IS DISTINCT FROM new.x …); empty: any. */
  watches: Set<string>;
  function: string;
}

function triggersOf(schemaSql: string): Trigger[] {
  const statements = stripSql(schemaSql).matchAll(
    /\bcreate\s+(?:constraint\s+)?trigger\s+\w+\s+(?:before|after|instead\s+of)\s+([\s\S]*?)\bon\s+(?:\w+\.)?(\w+)([\s\S]*?)\bexecute\s+(?:function|procedure)\s+(?:\w+\.)?(\w+)\s*\(/g,
  );
  return [...statements].map((m) => {
    const of = /\bupdate\s+of\s+([\w\s,]+)/.exec(m[1])?.[1].split(',').map((c) => c.trim()) ?? [];
    const when = [...m[3].matchAll(/\bold\.(\w+)\s+is\s+distinct\s+from\s+new\./g)].map((w) => w[1]);
    return {
      table: m[2],
      events: new Set((['insert', 'update', 'delete'] as Verb[]).filter((v) => new RegExp(`\\b${v}\\b`).test(m[1]))),
      watches: new Set(of.length > 0 ? of : when),
      function: m[4],
    };
  });
}

function main() {
  const args = process.argv.slice(2);
  const list = args.includes('--list');
  const callsOnly = args.includes('--calls-only');
  const [entry, rootArg] = args.filter((a) => !a.startsWith('--'));
  if (!entry) {
    console.error('usage: npx tsx scripts/sql-reach.ts <entry function> [repo root] [--list] [--calls-only]');
    process.exit(2);
  }
  const repoRoot = path.resolve(rootArg ?? fileURLToPath(new URL('..', import.meta.url)));
  const serverRoot = path.join(repoRoot, 'src/server');

  const functions = new Map<string, FunctionInfo>();
  for (const { file, sql } of readFunctionFiles(serverRoot)) {
    for (const fn of functionsOf(sql)) functions.set(fn.name, { file, calls: namesCalled(fn.body), writes: writesOf(fn.body), updated: updatedColumns(fn.body) });
  }
  const triggers = triggersOf(readFileSync(path.join(serverRoot, 'db/schema.sql'), 'utf8'));

  const start = entry.toLowerCase();
  if (!functions.has(start)) {
    console.error(`${entry} is not defined in any function file under ${serverRoot}`);
    process.exit(1);
  }
  const how = new Map<string, string>([[start, 'entry']]);
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.shift()!;
    const fn = functions.get(name)!;
    const reach = (next: string, why: string) => {
      if (!functions.has(next) || how.has(next)) return;
      how.set(next, why);
      queue.push(next);
    };
    for (const callee of fn.calls) reach(callee, `called by ${name}`);
    const writes = callsOnly ? new Map<string, Set<Verb>>() : fn.writes;
    for (const [table, verbs] of writes) {
      const set = fn.updated.get(table) ?? new Set([everyColumn]);
      const fires = (t: Trigger) =>
        [...verbs].some((v) => t.events.has(v) && (v !== 'update' || t.watches.size === 0 || set.has(everyColumn) || [...set].some((c) => t.watches.has(c))));
      for (const t of triggers) if (t.table === table && fires(t)) reach(t.function, `trigger on ${table} (${[...verbs].join('/')} by ${name})`);
    }
  }

  const reached = [...how.keys()];
  const files = new Set(reached.map((n) => functions.get(n)!.file));
  const folders = new Set([...files].map((f) => path.posix.dirname(f)));
  const viaTrigger = reached.filter((n) => how.get(n)!.startsWith('trigger'));
  console.log(`${entry} (${path.relative(process.cwd(), repoRoot) || '.'}): reaches ${reached.length} functions in ${files.size} SQL files across ${folders.size} folders`);
  console.log(`  of them ${viaTrigger.length} trigger functions fired by tables it writes; the entry counts as one`);
  if (list) {
    for (const name of reached) console.log(`  ${name.padEnd(44)} ${functions.get(name)!.file.padEnd(64)} ${how.get(name)}`);
  }
}

main();
