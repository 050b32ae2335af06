/**
 * Reads what a database function file does across boundaries (docs/decisions/0030-sql-boundaries.md):
 * which functions it defines, which functions each one calls, which tables each one writes, and which
 * triggers it puts on which tables. Good enough for our own files, not for all of PostgreSQL: comments
 * and string literals are taken out first (a 'que_x(' in a message calls nothing), dollar quotes are
 * read as code (a function body, or the text an EXECUTE runs), and names are compared in lower case.
 */

export interface ParsedFunction {
  name: string;
  /** Names followed by "(" in the body: calls, and also built-ins such as coalesce (filtered by the caller). */
  calls: string[];
  /** Tables after INSERT INTO, UPDATE, DELETE FROM, MERGE INTO or TRUNCATE. */
  writes: string[];
  /** The body assigns to NEW (NEW.x :=, SELECT … INTO NEW.x): a BEFORE trigger's changes to the row it fires on. */
  setsNewRow: boolean;
}

export interface ParsedTrigger {
  name: string;
  table: string;
  timing: 'before' | 'after' | 'instead of';
  function: string;
}

export interface ParsedFile {
  functions: ParsedFunction[];
  triggers: ParsedTrigger[];
  /** Statements outside any function body (triggers, ALTER TABLE…), as code. */
  topLevel: string;
}

/**
 * SQL as code only: comments removed, each string literal (plain, E'…' or a quoted identifier's
 * quotes) replaced by a space, dollar-quote delimiters ($$, $q$) replaced by a space so what they
 * enclose is read as code, and everything lower-cased.
 */
export function stripSql(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      // PostgreSQL block comments nest.
      let depth = 0;
      do {
        if (sql.startsWith('/*', i)) depth++;
        else if (sql.startsWith('*/', i)) depth--;
        i += sql.startsWith('/*', i) || sql.startsWith('*/', i) ? 2 : 1;
      } while (depth > 0 && i < sql.length);
      out += ' ';
    } else if (c === "'") {
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
      if (escapes) out = out.slice(0, -1);
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      out += ' ';
    } else if (c === '"') {
      // A quoted identifier is still a name: keep it, without its quotes.
      const end = sql.indexOf('"', i + 1);
      out += sql.slice(i + 1, end < 0 ? sql.length : end);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '$' && !/\w/.test(sql[i - 1] ?? '')) {
      const tag = /^\$(?:[a-zA-Z_]\w*)?\$/.exec(sql.slice(i));
      if (tag) {
        out += ' ';
        i += tag[0].length;
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out.toLowerCase();
}

const identifier = String.raw`(?:\w+\.)?(\w+)`;
const writePatterns = [
  new RegExp(String.raw`\binsert\s+into\s+${identifier}`, 'g'),
  new RegExp(String.raw`\bmerge\s+into\s+(?:only\s+)?${identifier}`, 'g'),
  new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${identifier}`, 'g'),
  new RegExp(String.raw`\btruncate\s+(?:table\s+)?(?:only\s+)?${identifier}`, 'g'),
  // UPDATE, but not a row lock (FOR [NO KEY] UPDATE), an upsert's DO UPDATE, or a trigger's event list.
  new RegExp(String.raw`(?<!\bfor\s+)(?<!\bkey\s+)(?<!\bdo\s+)(?<!\bor\s+)(?<!\bbefore\s+)(?<!\bafter\s+)\bupdate\s+(?:only\s+)?${identifier}`, 'g'),
];
/** Words that can follow UPDATE without naming a table (FOR UPDATE OF t, FOR UPDATE SKIP LOCKED, UPDATE SET in MERGE). */
const notTables = new Set(['of', 'skip', 'nowait', 'set', 'on']);

/** Tables a piece of code writes, once each, in the order first seen. */
export function tablesWritten(code: string): string[] {
  const found = writePatterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => ({ at: m.index, table: m[1] })));
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.table).filter((t) => !notTables.has(t)))];
}

/** Names called in a piece of code (a name directly followed by "("), once each. */
export function namesCalled(code: string): string[] {
  return [...new Set([...code.matchAll(/(?<![\w.$])(?:public\.)?([a-z_]\w*)\s*\(/g)].map((m) => m[1]))];
}

const functionHeader = /\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(?:\w+\.)?(\w+)\s*\(/gi;

/** Splits a function file into its functions' bodies and the statements around them. */
export function parseSqlFile(sql: string): ParsedFile {
  const functions: ParsedFunction[] = [];
  let topLevel = '';
  let from = 0;
  for (const header of sql.matchAll(functionHeader)) {
    if (header.index < from) continue; // a CREATE FUNCTION inside a body that was already read
    const open = /\$(?:[a-zA-Z_]\w*)?\$/.exec(sql.slice(header.index));
    if (!open) throw new Error(`function ${header[1]} has no dollar-quoted body`);
    const bodyStart = header.index + open.index + open[0].length;
    const bodyEnd = sql.indexOf(open[0], bodyStart);
    if (bodyEnd < 0) throw new Error(`function ${header[1]}: ${open[0]} is not closed`);
    topLevel += stripSql(sql.slice(from, header.index)) + ' ';
    const body = stripSql(sql.slice(bodyStart, bodyEnd));
    functions.push({
      name: header[1].toLowerCase(),
      calls: namesCalled(body),
      writes: tablesWritten(body),
      setsNewRow: /\bnew\s*(?:\.\s*\w+\s*)?:=|\binto\s+(?:strict\s+)?new\s*\./.test(body),
    });
    from = bodyEnd + open[0].length;
  }
  topLevel += stripSql(sql.slice(from));
  return { functions, triggers: parseTriggers(topLevel), topLevel };
}

const triggerStatement =
  /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(\w+)\s+(before|after|instead\s+of)\s+[\s\S]*?\bon\s+(?:\w+\.)?(\w+)[\s\S]*?\bexecute\s+(?:function|procedure)\s+(?:\w+\.)?(\w+)\s*\(/g;

function parseTriggers(code: string): ParsedTrigger[] {
  return [...code.matchAll(triggerStatement)].map((m) => ({
    name: m[1],
    timing: m[2].replace(/\s+/, ' ') as ParsedTrigger['timing'],
    table: m[3],
    function: m[4],
  }));
}
