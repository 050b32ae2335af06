import type { Db } from '../../db/client.js';
import { cutPage, type Page, type PageKey } from '../../db/keyset.js';
import * as ledgerRepository from './ledger.repository.js';

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

type MovementRow = Awaited<ReturnType<typeof ledgerRepository.pageAccountMovements>>[number];

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
 * A page of the account's movements, newest first, one entry per transfer or hold: a hold is listed
 * from the moment it is placed, and its entry changes status when it is posted or voided. The page's
 * cursor is the transfer that starts the movement, which never changes, so the entry keeps its place.
 */
export async function accountMovements(db: Db, accountId: number, page: { limit: number; after?: PageKey }): Promise<Page<AccountMovement>> {
  const rows = await ledgerRepository.pageAccountMovements(db, accountId, page.limit, page.after);
  const { items, next } = cutPage(rows, page.limit, (row) => ({ at: row.keyTime, id: row.id }));
  return { items: items.map((row) => movementOf(row, accountId)), next };
}
