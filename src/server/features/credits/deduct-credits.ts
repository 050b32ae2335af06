import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { centsToDecimal, formatCents } from '../../../contract/money.js';
import type { deductCreditsResultSchema, deductCreditsSchema } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { unresolvedHoldsOfOffer } from '../ledger/index.js';
import { findOfferPayer } from './credits.repository.js';
import { CREDIT, creditBalanceCents } from './credits.service.js';

type DeductInput = z.output<typeof deductCreditsSchema>;
type DeductResult = z.infer<typeof deductCreditsResultSchema>;

export const insufficientCredit = (neededCents: number, haveCents: number) =>
  new AppError(
    ErrorCode.INSUFFICIENT_CREDIT,
    `You need ${formatCents(neededCents)} in Que Credit but only have ${formatCents(haveCents)}. Book more appointments to earn Que Credit!`,
  );

/**
 * POST /api/credits/deduct (DESIGN section 4). It never moves credit: the real hold is taken in the
 * offer's own transaction, so a client that calls this and then never makes the offer loses
 * nothing. With queueJumpOfferId 0 it checks that the balance covers `amount` (400 when not);
 * for one of the user's offers it answers what that offer already holds.
 */
export async function deductCredits(db: Db, user: User, input: DeductInput): Promise<DeductResult> {
  if (input.userId !== undefined && input.userId !== user.id) throw forbidden('You can only use your own Que Credit');
  const balance = await creditBalanceCents(db, user.id);
  if (input.queueJumpOfferId === 0) {
    if (balance < input.amount) throw insufficientCredit(input.amount, balance);
    return { credits: centsToDecimal(balance), sufficient: true, held: '0.00' };
  }
  const offer = await findOfferPayer(db, input.queueJumpOfferId);
  if (!offer) throw notFound('Offer');
  if (offer.fromUserId !== user.id) throw forbidden('That offer is not yours');
  const held = await unresolvedHoldsOfOffer(db, input.queueJumpOfferId, CREDIT);
  return { credits: centsToDecimal(balance), sufficient: held >= input.amount, held: centsToDecimal(held) };
}
