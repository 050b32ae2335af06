import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlCall } from '../../errors.js';

// Tests and benchmarks move money the way the app does: through the ledger's SQL functions
// (que_ledger_account, que_ledger_transfer, que_ledger_resolve, que_offer_hold). There is no
// TypeScript write path to call instead.

type Asset = 'USD' | 'CREDIT';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AccountSpec {
  kind: string;
  asset: Asset;
  userId?: number | null;
  businessId?: number | null;
  offerId?: number | null;
  /** true for accounts that must never go below zero (a user's credit, earnings, an escrow). */
  noOverdraft: boolean;
}

/** The account's id, created when missing (que_ledger_account). */
export async function ledgerAccount(db: Db, a: AccountSpec): Promise<number> {
  const result = await db.execute(
    sql`select que_ledger_account(${a.kind}::text, ${a.asset}::text, ${a.userId ?? null}::int, ${a.businessId ?? null}::int, ${a.offerId ?? null}::int, ${a.noOverdraft}::boolean) as id`,
  );
  return rowsOf<{ id: number }>(result)[0].id;
}

export interface TransferSpec {
  debit: number;
  credit: number;
  amount: number;
  asset: Asset;
  code: string;
  description?: string;
  offerId?: number | null;
}

/** A transfer posted at once (que_ledger_transfer). */
export async function postTransfer(db: Db, t: TransferSpec): Promise<void> {
  await sqlCall(
    db.execute(
      sql`select que_ledger_transfer(${t.debit}::int, ${t.credit}::int, ${t.amount}::int, ${t.asset}::text, ${t.code}::text, ${t.description ?? ''}::text, ${t.offerId ?? null}::int)`,
    ),
  );
}

/** Holds `cents` from the offer's payer into its escrow, as making or raising an offer does (que_offer_hold); returns the hold's id. */
export async function holdForOffer(db: Db, offerId: number, cents: number): Promise<number> {
  await sqlCall(db.execute(sql`select que_offer_hold(${offerId}::int, ${cents}::int, null::text)`));
  const result = await db.execute(sql`select max(id) as id from ledger_transfers where offer_id = ${offerId} and flags = 'pending'`);
  return rowsOf<{ id: number }>(result)[0].id;
}

/** Settles a hold once: posts `postedCents` of it (the rest goes back), or voids it with 0 (que_ledger_resolve). */
export async function resolveHold(db: Db, pendingId: number, postedCents: number, text: { code?: string; description?: string } = {}): Promise<void> {
  await sqlCall(db.execute(sql`select que_ledger_resolve(${pendingId}::int, ${postedCents}::int, ${text.code ?? null}::text, ${text.description ?? null}::text)`));
}

export interface Balance {
  debitsPending: number;
  debitsPosted: number;
  creditsPending: number;
  creditsPosted: number;
  /** credits posted - debits posted */
  posted: number;
  /** posted less what pending debits hold: what the owner can still spend */
  available: number;
}

export async function balanceOf(db: Db, accountId: number): Promise<Balance> {
  const result = await db.execute(
    sql`select debits_pending as "debitsPending", debits_posted as "debitsPosted", credits_pending as "creditsPending", credits_posted as "creditsPosted"
        from ledger_accounts where id = ${accountId}`,
  );
  const [row] = rowsOf<Record<keyof Balance, number | string>>(result);
  const [debitsPending, debitsPosted, creditsPending, creditsPosted] = [row.debitsPending, row.debitsPosted, row.creditsPending, row.creditsPosted].map(Number);
  const posted = creditsPosted - debitsPosted;
  return { debitsPending, debitsPosted, creditsPending, creditsPosted, posted, available: posted - debitsPending };
}

/** Sum over all accounts per asset; both numbers are zero in a consistent ledger (DESIGN section 5). */
export async function assetTotals(db: Db): Promise<Record<string, { posted: number; pending: number }>> {
  const result = await db.execute(
    sql`select asset, coalesce(sum(credits_posted - debits_posted), 0) as posted, coalesce(sum(credits_pending - debits_pending), 0) as pending
        from ledger_accounts group by asset`,
  );
  return Object.fromEntries(rowsOf<{ asset: string; posted: string; pending: string }>(result).map((r) => [r.asset, { posted: Number(r.posted), pending: Number(r.pending) }]));
}
