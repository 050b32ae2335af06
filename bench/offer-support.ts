// Shared pieces of the offer benchmarks: Que Credit granted straight through the ledger (there is
// no API for it, as in the tests), offers made over HTTP, and the checks every run ends with.
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { ledgerAccount, postTransfer } from '../src/server/features/ledger/test-ledger.js';
import { contact, type Http } from './booking-support.js';

/** Grants each user `cents` of Que Credit, as tests do (issuance account to the user's credit). */
export async function grantCredit(databaseUrl: string, userIds: number[], cents: number) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    for (const userId of userIds) {
      const issuance = await ledgerAccount(database.db, { kind: 'credit_issuance', asset: 'CREDIT', userId, noOverdraft: false });
      const credit = await ledgerAccount(database.db, { kind: 'user_credit', asset: 'CREDIT', userId, noOverdraft: true });
      await postTransfer(database.db, { debit: issuance, credit, amount: cents, asset: 'CREDIT', code: 'bench_grant', description: 'Granted by a benchmark' });
    }
  } finally {
    await database.close();
  }
}

export async function bookOver(http: Http, cookie: string, shop: { businessId: number; serviceId: number }, slot: { date: string; time: string }): Promise<number> {
  const res = await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, cookie);
  if (res.status !== 201) throw new Error(`booking ${slot.date} ${slot.time}: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: number }).id;
}

export interface OfferBody {
  fromAppointmentId: number;
  toAppointmentId: number;
  offerType: 'queue_jump' | 'move_back';
  offerAmount: number;
}

export async function offerOver(http: Http, cookie: string, body: OfferBody): Promise<number> {
  const res = await http.request('POST', '/api/queue-jump-offers', { ...body, paymentMethod: 'credits' }, cookie);
  if (res.status !== 201) throw new Error(`offer: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: number }).id;
}

/**
 * What must hold after any run: every asset sums to zero, no no-overdraft account is below zero,
 * no two confirmed exclusive appointments of a business overlap. Returns the problems found.
 */
export async function ledgerAndSlotProblems(client: pg.Client | pg.Pool): Promise<string[]> {
  const problems: string[] = [];
  const totals = await client.query(`select asset, sum(credits_posted - debits_posted)::bigint as posted, sum(credits_pending - debits_pending)::bigint as pending
    from ledger_accounts group by asset`);
  for (const r of totals.rows) if (Number(r.posted) !== 0 || Number(r.pending) !== 0) problems.push(`${r.asset} sums to ${r.posted} posted, ${r.pending} pending`);
  const overdrawn = await client.query(`select count(*)::int as n from ledger_accounts where no_overdraft and credits_posted - debits_posted - debits_pending < 0`);
  if (overdrawn.rows[0].n > 0) problems.push(`${overdrawn.rows[0].n} accounts below zero`);
  const overlaps = await client.query(`select count(*)::int as n from appointments a join appointments b
      on a.business_id = b.business_id and a.id < b.id and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
    where a.exclusive and b.exclusive and a.status = 'confirmed' and b.status = 'confirmed'`);
  if (overlaps.rows[0].n > 0) problems.push(`${overlaps.rows[0].n} overlapping confirmed pairs`);
  return problems;
}
