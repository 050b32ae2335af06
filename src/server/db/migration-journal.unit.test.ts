import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { readFunctionFiles } from './function-files.js';

// Two rules of the versioned migrations (DESIGN section 2, decision 0016), read from the files:
// - drizzle's migrator runs an entry only when its journal "when" is later than the created_at of the
//   last migration the database has, so "when" must grow with idx: an entry with an earlier time than
//   the one before it is skipped by a database stopped just before it.
// - a migration calls no function defined in a function file: those are applied after the
//   migrations, so on a new database (or one stopped before the migration) they do not exist yet.

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

/** The SQL a migration runs: comments out, string literals emptied (text such as 'que_x(' names nothing). */
const code = (sql: string) =>
  sql
    .replace(/--[^\n]*/g, '')
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, (body) => body.replace(/'(?:[^']|'')*'/g, "''"))
    .replace(/'(?:[^']|'')*'/g, "''");

/** Names called in a migration's SQL, apart from `DROP FUNCTION [IF EXISTS] name(` (which drops it). */
export function functionsCalled(sql: string, names: ReadonlySet<string>): string[] {
  const text = code(sql).replace(/DROP\s+FUNCTION\s+(IF\s+EXISTS\s+)?\w+\s*\(/gi, '');
  return [...new Set([...text.matchAll(/\b(\w+)\s*\(/g)].map((m) => m[1].toLowerCase()).filter((name) => names.has(name)))];
}

describe('the migration journal', () => {
  it('lists every migration file once, in idx order, each "when" later than the one before', () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    journal.entries.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag.startsWith(String(position).padStart(4, '0')), entry.tag).toBe(true);
      if (position > 0) expect(entry.when, `${entry.tag} must come after ${journal.entries[position - 1].tag}`).toBeGreaterThan(journal.entries[position - 1].when);
    });
  });

  it('keeps every migration no later than the last one was (a database that has them all runs none again)', () => {
    // A database records each migration at its journal time and compares new entries with the latest
    // it has: 0017 at 1795705868942 when the order of 0011 and 0012 was mended. Moving an entry past
    // that would run it again on every database migrated before.
    const last = journal.entries.find((e) => e.tag === '0017_search_words')!;
    expect(last.when).toBe(1795705868942);
    for (const entry of journal.entries.filter((e) => e.idx < last.idx)) expect(entry.when, entry.tag).toBeLessThan(last.when);
  });
});

describe('versioned migrations', () => {
  const names = new Set(readFunctionFiles().flatMap((f) => [...f.sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\s*\(/gim)].map((m) => m[1].toLowerCase())));

  it('finds the functions the function files define', () => {
    expect(names).toContain('que_offer_end');
    expect(names).toContain('que_rule'); // db/sql
    expect(names.size).toBeGreaterThan(50);
  });

  it('call none of them (DROP FUNCTION of an old signature is allowed)', () => {
    for (const entry of journal.entries) {
      const sql = readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
      expect(functionsCalled(sql, names), entry.tag).toEqual([]);
    }
  });

  it('are read as calls wherever a function file function is run, and not in comments, strings or drops', () => {
    const known = new Set(['que_offer_end', 'que_slot_text']);
    expect(functionsCalled(`DO $$ BEGIN PERFORM que_offer_end(r.id, 'cancelled', NULL); END $$;`, known)).toEqual(['que_offer_end']);
    expect(functionsCalled(`UPDATE x SET t = Que_Slot_Text (starts_at);`, known)).toEqual(['que_slot_text']);
    expect(functionsCalled(`-- as que_offer_end(id) did\nSELECT 'que_slot_text(' AS t;\nDROP FUNCTION IF EXISTS que_offer_end(integer);`, known)).toEqual([]);
  });
});
