import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../errors.js';
import { checkAmount, checkTransfer, mapLedgerErrors, moveBalances, type TransferInput } from './ledger-core.js';
import * as ledgerRepository from './ledger.repository.js';
import type { Asset, TransferRow } from './ledger.repository.js';

// Two-phase transfers, like TigerBeetle's: a pending hold is later posted or voided, exactly once.

export interface ResolveInput {
  pendingId: number;
  /** postPending only: at most the held amount; the rest goes back to the debit account. */
  amount?: number;
  code?: string;
  description?: string;
}

/** A hold: the amount stops being available to the debit account until posted or voided. */
export async function createPending(db: Db, t: TransferInput): Promise<TransferRow> {
  checkTransfer(t);
  return unitOfWork(db, (tx) =>
    mapLedgerErrors(async () => {
      await moveBalances(tx, t.asset, { id: t.debitAccountId, delta: { debitsPending: t.amount } }, { id: t.creditAccountId, delta: { creditsPending: t.amount } });
      return ledgerRepository.insertTransfer(tx, { ...t, description: t.description ?? '', flags: 'pending' });
    }),
  );
}

async function loadPending(tx: Db, pendingId: number): Promise<TransferRow> {
  const pending = await ledgerRepository.findTransfer(tx, pendingId);
  if (!pending || pending.flags !== 'pending') throw notFound('Pending transfer');
  return pending;
}

/**
 * Settles a hold once. The resolution row is inserted first: the unique pending_id makes a
 * concurrent second settlement wait for the first and then fail, before any balance moves.
 */
async function resolve(db: Db, input: ResolveInput, flags: 'post_pending' | 'void_pending'): Promise<TransferRow> {
  return unitOfWork(db, (tx) =>
    mapLedgerErrors(async () => {
      const pending = await loadPending(tx, input.pendingId);
      const posted = flags === 'post_pending' ? (input.amount ?? pending.amount) : 0;
      if (flags === 'post_pending') {
        checkAmount(posted);
        if (posted > pending.amount) throw new AppError(ErrorCode.VALIDATION, 'Cannot post more than the held amount');
      }
      const row = await ledgerRepository.insertTransfer(tx, {
        debitAccountId: pending.debitAccountId,
        creditAccountId: pending.creditAccountId,
        amount: flags === 'post_pending' ? posted : pending.amount,
        asset: pending.asset,
        flags,
        pendingId: pending.id,
        code: input.code ?? pending.code,
        description: input.description ?? pending.description,
        appointmentId: pending.appointmentId,
        offerId: pending.offerId,
      });
      const asset = pending.asset as Asset;
      await moveBalances(
        tx,
        asset,
        { id: pending.debitAccountId, delta: { debitsPending: -pending.amount, debitsPosted: posted } },
        { id: pending.creditAccountId, delta: { creditsPending: -pending.amount, creditsPosted: posted } },
      );
      return row;
    }),
  );
}

export const postPending = (db: Db, input: ResolveInput) => resolve(db, input, 'post_pending');
export const voidPending = (db: Db, input: Omit<ResolveInput, 'amount'>) => resolve(db, input, 'void_pending');

