// The statements behind each discovery filter, and their plans: the app runs in this process on its
// own pool (app.inject), every statement node-postgres sends during one request is recorded, and each
// listing statement is then EXPLAINed (plan only, ANALYZE off) with the same parameters, after the
// request's own set_config calls (the search's similarity threshold), in a transaction rolled back.
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

interface Statement { text: string; values?: unknown[] }
export interface Explained { path: string; status: number; statements: { sql: string; indexes: string[]; seqScans: string[]; walks: string[] }[] }

/** Tables a page must not read whole: the ones that grow with the market. */
const LARGE = new Set(['businesses', 'appointments', 'reviews', 'services', 'staff_members', 'earliest_free_starts', 'users']);
const LISTING = /\b(from|join)\s+("?public"?\.)?"?(businesses|reviews|earliest_free_starts|appointments)"?\b/i;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PlanNode[] };
function walk(node: PlanNode, out: { indexes: Set<string>; seqScans: Set<string>; walks: Set<string> }) {
  if (node['Index Name']) out.indexes.add(node['Index Name']);
  // An index read in its order and filtered, with no condition on its columns: bounded only by a
  // LIMIT above it (a page in name order), else a whole-index read; shown so a reader can tell.
  if (node['Index Name'] && !node['Index Cond'] && node.Filter && node['Relation Name'] && LARGE.has(node['Relation Name'])) out.walks.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && LARGE.has(node['Relation Name'])) out.seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, out);
}

export async function explainRequests(url: string, paths: string[]): Promise<Explained[]> {
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '10000000' });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  const captured: Statement[] = [];
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') captured.push({ text: first, values: Array.isArray(second) ? second : undefined });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      captured.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : undefined) });
    }
    return original.apply(this, args);
  };
  const results: Explained[] = [];
  try {
    for (const path of paths) {
      captured.length = 0;
      const res = await app.inject({ method: 'GET', url: path });
      const statements = captured.splice(0);
      const settings = statements.filter((s) => /^\s*select set_config\(/i.test(s.text));
      const explained: Explained['statements'] = [];
      for (const s of statements.filter((st) => LISTING.test(st.text) && /^\s*(select|with)\b/i.test(st.text))) {
        await explainer.query('begin');
        try {
          for (const set of settings) await original.call(explainer, set.text, set.values);
          const plan = (await original.call(explainer, `explain (format json) ${s.text}`, s.values)) as { rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] };
          const out = { indexes: new Set<string>(), seqScans: new Set<string>(), walks: new Set<string>() };
          walk(plan.rows[0]['QUERY PLAN'][0].Plan, out);
          explained.push({ sql: s.text.replace(/\s+/g, ' ').slice(0, 160), indexes: [...out.indexes].sort(), seqScans: [...out.seqScans].sort(), walks: [...out.walks].sort() });
        } finally {
          await explainer.query('rollback');
        }
      }
      results.push({ path, status: res.statusCode, statements: explained });
    }
  } finally {
    proto.query = original;
    await explainer.end();
    await app.close();
    await database.close();
  }
  return results;
}
