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

export type MovementStatus = 'pending' | 'posted' | 'voided';

/** One movement of an account as its owner reads it: a posted transfer, or a hold and how it ended. */
export interface AccountMovement {
  id: number;
  code: string;
  /** The resolution's description once a hold is settled (it says how it ended), else the transfer's. */
  description: string;
  /**
   * Signed cents for the account: what a posted transfer or settled hold moved; for a hold still
   * pending, what it will move if posted (+ incoming, - held back); 0 once voided.
   */
  amount: number;
  status: MovementStatus;
  createdAt: Date;
}

type MovementRow = Awaited<ReturnType<typeof ledgerRepository.listAccountMovements>>[number];

export function movementOf(row: MovementRow, accountId: number): AccountMovement {
  const sign = row.debitAccountId === accountId ? -1 : 1;
  const base = { id: row.id, code: row.code, createdAt: row.createdAt };
  if (row.flags === 'single') return { ...base, description: row.description, amount: sign * row.amount, status: 'posted' };
  const description = row.resolutionDescription ?? row.description;
  if (row.resolutionFlags === 'post_pending') return { ...base, description, amount: sign * (row.resolutionAmount ?? row.amount), status: 'posted' };
  if (row.resolutionFlags === 'void_pending') return { ...base, description, amount: 0, status: 'voided' };
  return { ...base, description, amount: sign * row.amount, status: 'pending' };
}

/**
 * The account's movements, newest first, one entry per transfer or hold: a hold is listed from the
 * moment it is placed, and its entry changes status when it is posted or voided.
 */
export async function accountMovements(db: Db, accountId: number, limit = 500): Promise<AccountMovement[]> {
  const rows = await ledgerRepository.listAccountMovements(db, accountId, limit);
  return rows.map((row) => movementOf(row, accountId));
}

/** What an offer's unresolved holds keep back in one asset (cents). */
export const heldForOffer = ledgerRepository.unresolvedHoldsOfOffer;

/** Sum over all accounts per asset; both numbers are zero in a consistent ledger. */
export async function assetTotals(db: Db): Promise<Record<string, { posted: number; pending: number }>> {
  const rows = await ledgerRepository.assetTotals(db);
  return Object.fromEntries(rows.map((r) => [r.asset, { posted: Number(r.posted), pending: Number(r.pending) }]));
}
