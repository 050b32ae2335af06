import type { Db } from '../../db/client.js';
import * as ledgerRepository from './ledger.repository.js';

export interface AccountEntry {
  id: number;
  code: string;
  description: string;
  /** signed change of the account's available balance */
  amount: number;
  createdAt: Date;
}

type HistoryRow = Awaited<ReturnType<typeof ledgerRepository.listAccountTransfers>>[number];

/**
 * How a transfer changed an account's available balance (credits posted - debits posted - debits
 * pending). A hold counts against the payer when placed; settling it gives back what was not taken.
 */
export function availableEffect(t: Pick<HistoryRow, 'debitAccountId' | 'creditAccountId' | 'amount' | 'flags' | 'pendingAmount'>, accountId: number): number {
  const isDebit = t.debitAccountId === accountId;
  switch (t.flags) {
    case 'single':
      return isDebit ? -t.amount : t.amount;
    case 'pending':
      return isDebit ? -t.amount : 0;
    case 'post_pending':
      return isDebit ? (t.pendingAmount ?? t.amount) - t.amount : t.amount;
    case 'void_pending':
      return isDebit ? t.amount : 0;
    default:
      return 0;
  }
}

/** The account's movements, newest first; transfers that left its available balance unchanged are skipped. */
export async function accountHistory(db: Db, accountId: number, limit = 500): Promise<AccountEntry[]> {
  const rows = await ledgerRepository.listAccountTransfers(db, accountId, limit);
  return rows
    .map((r) => ({ id: r.id, code: r.code, description: r.description, amount: availableEffect(r, accountId), createdAt: r.createdAt }))
    .filter((e) => e.amount !== 0);
}

/** Sum over all accounts per asset; both numbers are zero in a consistent ledger. */
export async function assetTotals(db: Db): Promise<Record<string, { posted: number; pending: number }>> {
  const rows = await ledgerRepository.assetTotals(db);
  return Object.fromEntries(rows.map((r) => [r.asset, { posted: Number(r.posted), pending: Number(r.pending) }]));
}
