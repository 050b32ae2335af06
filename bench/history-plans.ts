// The wallet's statement as PostgreSQL runs it, for bench/history-growth.ts: buffer pages touched and
// what it scans, for a customer with no history and one with a long one, beside the statement the
// wallet sent before decision 0019, run where it ran: without the two partial indexes (dropped inside
// a transaction that is rolled back). It read every offer the payer ever made and every accepted one
// they received, and found each escrow account by a column no index leads with.
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openOfferTotalsQuery } from '../src/server/features/offers/offers.repository.js';
import type { Figure } from './results.js';

const BEFORE = `
  select (select coalesce(sum(la.credits_pending + la.credits_posted - la.debits_posted), 0)::bigint
            from offers o join ledger_accounts la on la.kind = 'offer_escrow' and la.offer_id = o.id
           where o.from_user_id = $1 and (o.status in ('pending', 'negotiating') or (o.status = 'accepted' and o.escrow_status = 'held'))) as held,
         (select count(*) from (select * from offers where to_user_id = $1 and status = 'accepted' and escrow_status = 'held') o) as incoming`;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : node['Node Type'] === 'Seq Scan' ? [`seq scan of ${node['Relation Name']}`] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

async function plan(client: pg.Client, text: string, params: unknown[]) {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (analyze, buffers, format json) ${text}`, params);
  const top = rows[0]['QUERY PLAN'][0].Plan;
  return { pages: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0), scans: [...new Set(scansOf(top))].join(', ') };
}

export async function walletPlans(url: string, freshId: number, longId: number): Promise<Figure[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
    const now = (userId: number) => {
      const query = new PgDialect().sqlToQuery(openOfferTotalsQuery(userId));
      return plan(client, query.sql, query.params);
    };
    const [now0, nowLong] = [await now(freshId), await now(longId)];
    await client.query('begin');
    await client.query('drop index offers_open_payer_idx; drop index offers_unsettled_recipient_idx');
    const [old0, oldLong] = [await plan(client, BEFORE, [freshId]), await plan(client, BEFORE, [longId])];
    await client.query('rollback');
    const figure = (name: string, long: typeof now0, none: typeof now0): Figure => ({
      name,
      value: Math.round((long.pages / Math.max(1, none.pages)) * 100) / 100,
      unit: 'ratio',
      detail: `${long.pages} against ${none.pages} pages; scans ${long.scans}`,
    });
    return [
      figure('wallet statement: buffer pages touched, long history / none', nowLong, now0),
      figure('the wallet statement before decision 0019: buffer pages touched, long history / none', oldLong, old0),
      { name: 'wallet statement: buffer pages touched for the long history, before / now', value: Math.round((oldLong.pages / Math.max(1, nowLong.pages)) * 10) / 10, unit: 'ratio', detail: `${oldLong.pages} before, ${nowLong.pages} now` },
    ];
  } finally {
    await client.end();
  }
}
