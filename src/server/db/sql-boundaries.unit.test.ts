import { describe, expect, it } from 'vitest';
import {
  againstBaseline, boundaryOf, parseBaseline, parseDeclaration, readBaseline, readDeclarations, readSqlSources, readTsSources, schemaTables,
} from './sql-boundaries-test-support.js';
import { type Boundary, findViolations, functionSites, SHARED, type Violation } from './sql-boundaries.js';
import { parseSqlFile, stripSql, tablesWritten } from './sql-parse.js';

// SQL boundaries (DESIGN section 2, docs/decisions/0030-sql-boundaries.md): the reader on small
// examples first, then the whole tree against the declarations and the baseline.

const fn = (name: string, body: string, extra = '') =>
  `CREATE OR REPLACE FUNCTION ${name}(p integer)\n RETURNS void\n LANGUAGE plpgsql\nAS $$\n${body}\n$$;\n${extra}`;

describe('reading a function file', () => {
  it('takes out comments and strings, keeps quoted names and what dollar quotes enclose', () => {
    const code = stripSql(`select 'que_x(' , E'it\\'s que_y(' /* que_z( /* nested */ que_w( */ -- que_v(\n, "Que_Name"(1), format($q$update t$q$)`);
    expect(code).not.toMatch(/que_[xyzwv]/);
    expect(code).toContain('que_name(1)');
    expect(code).toContain('update t');
  });

  it('finds the functions, their calls and writes, and the triggers', () => {
    const file = parseSqlFile(
      fn('que_a', `PERFORM que_b(1); -- que_c(2)\n RAISE EXCEPTION 'que_d(%)', 1;\n INSERT INTO ledger_transfers (x) VALUES (1);`) +
        fn('que_t', 'NEW.staff_id := 1; RETURN NEW;', 'CREATE OR REPLACE TRIGGER t1 BEFORE INSERT OR UPDATE OF status ON appointments FOR EACH ROW EXECUTE FUNCTION que_t();'),
    );
    expect(file.functions.map((f) => f.name)).toEqual(['que_a', 'que_t']);
    expect(file.functions[0].calls).toContain('que_b');
    expect(file.functions[0].calls).not.toContain('que_c');
    expect(file.functions[0].calls).not.toContain('que_d');
    expect(file.functions[0].writes).toEqual(['ledger_transfers']);
    expect(file.functions[1].setsNewRow).toBe(true);
    expect(file.triggers).toEqual([{ name: 't1', timing: 'before', table: 'appointments', function: 'que_t' }]);
  });

  it('tells a write from a row lock, an upsert and a trigger event', () => {
    expect(tablesWritten(stripSql('SELECT 1 FROM a FOR UPDATE; SELECT 1 FROM b FOR NO KEY UPDATE OF b SKIP LOCKED'))).toEqual([]);
    expect(tablesWritten(stripSql('INSERT INTO c (x) VALUES (1) ON CONFLICT (x) DO UPDATE SET x = 2'))).toEqual(['c']);
    expect(tablesWritten(stripSql('CREATE TRIGGER t AFTER INSERT OR UPDATE ON d FOR EACH ROW EXECUTE FUNCTION f()'))).toEqual([]);
    expect(tablesWritten(stripSql('UPDATE ONLY e x SET y = 1; DELETE FROM public.f; WITH g AS (UPDATE h SET y = 1 RETURNING 1) SELECT 1'))).toEqual(['e', 'f', 'h']);
    expect(tablesWritten(stripSql("IF tg_op = 'UPDATE' THEN RETURN NEW; END IF"))).toEqual([]);
  });

  it('reads SELECT … INTO NEW.x as setting the row', () => {
    expect(parseSqlFile(fn('que_s', 'SELECT id INTO NEW.staff_id FROM m LIMIT 1; RETURN NEW;')).functions[0].setsNewRow).toBe(true);
    expect(parseSqlFile(fn('que_s', 'SELECT id INTO v_id FROM m WHERE m.x = NEW.x; RETURN NEW;')).functions[0].setsNewRow).toBe(false);
  });
});

describe('finding violations', () => {
  const boundary: Boundary = {
    publicFunctions: new Map([['ledger', new Set(['que_ledger_transfer'])], ['staff', new Set()]]),
    tableOwners: new Map([['ledger_transfers', 'ledger'], ['appointments', 'appointments'], ['staff_members', 'staff']]),
    dependencies: { appointments: ['ledger'], ledger: [], staff: [] },
  };
  const files = [
    { file: 'features/ledger/sql/transfer.sql', sql: fn('que_ledger_transfer', 'INSERT INTO ledger_transfers VALUES (1);') + fn('que_ledger_secret', 'RETURN;') },
    { file: 'features/staff/sql/pick.sql', sql: fn('que_pick', 'PERFORM que_book(1);') + fn('que_default', 'NEW.staff_id := 1; RETURN NEW;', 'CREATE TRIGGER d BEFORE INSERT ON appointments FOR EACH ROW EXECUTE FUNCTION que_default();') },
    { file: 'time/sql/slot-text.sql', sql: fn('que_slot_text', 'RETURN;') },
    {
      file: 'features/appointments/sql/book.sql',
      sql: fn('que_book', 'PERFORM que_ledger_transfer(1); PERFORM que_ledger_secret(1); PERFORM que_pick(1); PERFORM que_slot_text(1); INSERT INTO ledger_transfers VALUES (2); UPDATE appointments SET x = 1;'),
    },
  ];
  const ts = [
    { file: 'features/appointments/book.ts', text: "db.execute(sql`select que_book(${1}), que_slot_text(${2})`); // que_pick( in a comment" },
    { file: 'features/staff/staff.repository.ts', text: 'db.execute(sql`select que_book(${1})`)' },
  ];
  const found = findViolations(files, ts, boundary);
  const kinds = (kind: Violation['kind']) => found.filter((v) => v.kind === kind).map((v) => `${v.from} ${v.to}`).sort();

  it('a call into a function its feature does not declare public', () => {
    expect(kinds('private-call')).toEqual(['appointments/que_book ledger/que_ledger_secret', 'appointments/que_book staff/que_pick', 'staff/que_pick appointments/que_book']);
  });

  it('a call into a feature the caller does not declare a dependency on (shared functions are free)', () => {
    expect(kinds('undeclared-call')).toEqual(['appointments/que_book staff/que_pick', 'staff/que_pick appointments/que_book']);
  });

  it("a write into another feature's table, also a BEFORE trigger setting the row", () => {
    expect(kinds('write')).toEqual(['appointments/que_book ledger/ledger_transfers', 'staff/que_default appointments/appointments']);
  });

  it('a cycle between features, named by its members', () => {
    expect(found.filter((v) => v.kind === 'cycle').map((v) => v.detail)).toEqual(['appointments, staff depend on each other, as in appointments -> staff -> appointments']);
  });

  it("TypeScript naming another feature's SQL function (its own and shared ones are fine)", () => {
    expect(kinds('ts-call')).toEqual(['features/staff/staff.repository.ts appointments/que_book']);
  });

  it('a function defined twice is refused', () => {
    expect(() => functionSites([...files, { file: 'features/staff/sql/again.sql', sql: fn('que_book', 'RETURN;') }])).toThrow(/que_book is defined in/);
  });
});

describe('declarations and the baseline', () => {
  it('read owns and public lines, and refuse anything else', () => {
    expect(parseDeclaration('x', 'ledger', '# c\nowns ledger_transfers\npublic que_ledger_transfer # why\n')).toEqual({
      file: 'x', owner: 'ledger', owns: ['ledger_transfers'], publicFunctions: ['que_ledger_transfer'],
    });
    expect(() => parseDeclaration('x', 'ledger', 'owns a b')).toThrow(/x:1/);
    expect(() => parseBaseline('write a/b c/d')).toThrow(/reason/);
  });

  it('match violations to baseline lines both ways', () => {
    const v: Violation = { kind: 'write', from: 'a/f', to: 'b/t', detail: '' };
    const baseline = parseBaseline('write a/f b/t rewritten\nwrite a/g b/t gone since');
    expect(againstBaseline([v], baseline)).toEqual({ unlisted: [], stale: [baseline[1]] });
  });
});

describe('the SQL boundaries of this tree', () => {
  const declarations = readDeclarations();
  const boundary = boundaryOf(declarations);
  const sql = readSqlSources();
  const sites = functionSites(sql);

  it('gives every table of schema.ts one owner, and declares only what exists', () => {
    const tables = schemaTables();
    expect(tables.filter((t) => !boundary.tableOwners.has(t)), 'tables no boundary.txt owns').toEqual([]);
    expect([...boundary.tableOwners.keys()].filter((t) => !tables.includes(t)), 'owned tables schema.ts does not have').toEqual([]);
    const wrong = declarations.flatMap((d) =>
      d.publicFunctions.filter((name) => sites.get(name)?.feature !== d.owner).map((name) => `${d.file}: ${name} is not a function of ${d.owner}'s sql/`),
    );
    expect(wrong).toEqual([]);
    expect(declarations.find((d) => d.owner === SHARED)?.publicFunctions, 'shared functions are all public: list none').toEqual([]);
  });

  it('has no violation the baseline does not list, and the baseline lists none that is gone', () => {
    const { unlisted, stale } = againstBaseline(findViolations(sql, readTsSources(), boundary), readBaseline());
    const report = [
      ...unlisted.map((v) => `new ${v.kind}: ${v.detail}\n    (to allow it for now: "${v.kind} ${v.from} ${v.to} <reason>" in src/server/db/sql-boundaries-baseline.txt)`),
      ...stale.map((b) => `fixed, so delete line ${b.line} of src/server/db/sql-boundaries-baseline.txt: ${b.kind} ${b.from} ${b.to}`),
    ];
    expect(report.join('\n'), 'SQL boundary violations (docs/decisions/0030-sql-boundaries.md)').toBe('');
  });
});
