import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { constraintOf } from '../../db/sql-state.js';
import { AppError, notFound } from '../../errors.js';
import * as ledgerRepository from './ledger.repository.js';
import type { AccountRow, Asset } from './ledger.repository.js';

// Internals shared by the ledger's operations; other features use ledger.service.ts.

export interface Balance {
  accountId: number;
  debitsPending: number;
  debitsPosted: number;
  creditsPending: number;
  creditsPosted: number;
  /** credits posted - debits posted */
  posted: number;
  /** posted less what pending debits hold: what the owner can still spend */
  available: number;
}

export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  asset: Asset;
  code: string;
  description?: string;
  appointmentId?: number | null;
  offerId?: number | null;
}

export const insufficientBalance = () => new AppError(ErrorCode.VALIDATION, 'Insufficient balance');

export function toBalance(row: AccountRow): Balance {
  const posted = row.creditsPosted - row.debitsPosted;
  return {
    accountId: row.id,
    debitsPending: row.debitsPending,
    debitsPosted: row.debitsPosted,
    creditsPending: row.creditsPending,
    creditsPosted: row.creditsPosted,
    posted,
    available: posted - row.debitsPending,
  };
}

/** The CHECK and unique constraints are the last line of defence; their violations still read as business errors. */
export function ledgerErrorOf(error: unknown): AppError | undefined {
  const constraint = constraintOf(error);
  if (constraint === 'ledger_accounts_no_overdraft_check') return insufficientBalance();
  if (constraint === 'ledger_transfers_pending_resolution_key') return new AppError(ErrorCode.INVALID_STATE, 'This hold has already been settled');
  return undefined;
}

export async function mapLedgerErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
}

export function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError(ErrorCode.VALIDATION, 'Amount must be a positive whole number of cents');
}

/**
 * Applies both sides in one statement (rows locked in id order). Overdrawing a no-overdraft
 * account fails the statement on its CHECK constraint, which ends the caller's transaction.
 */
export async function moveBalances(
  tx: Db,
  asset: Asset,
  debit: { id: number; delta: ledgerRepository.BalanceDelta },
  credit: { id: number; delta: ledgerRepository.BalanceDelta },
) {
  const updated = await ledgerRepository.applyDeltas(tx, asset, [debit, credit]);
  if (updated.length === 2) return;
  for (const id of [debit.id, credit.id]) {
    if (updated.includes(id)) continue;
    const account = await ledgerRepository.findAccountById(tx, id);
    if (!account) throw notFound('Ledger account');
    throw new Error(`ledger account ${id} holds ${account.asset}, not ${asset}`);
  }
}

export function checkTransfer(t: TransferInput) {
  checkAmount(t.amount);
  if (t.debitAccountId === t.creditAccountId) throw new Error('a transfer needs two different accounts');
}

