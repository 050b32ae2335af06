import type { User } from '../../../contract/auth.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Wallet } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { unauthenticated } from '../../errors.js';
import { creditBalanceCents } from '../credits/index.js';
import { depositsHeldCents } from '../deposits/index.js';
import { AccountKind, findAccountByKey } from '../ledger/index.js';
import { escrowOverview } from '../offers/index.js';

/**
 * The signed-in user's money at a glance (DESIGN section 4): credit, escrow, what is coming, what was
 * paid. Each figure is a read of a fixed number of rows, whatever the user's history (decision 0019);
 * the reads are independent, so they go out together (on PostgreSQL, over several connections).
 */
export async function getWallet(db: Db, viewer: User | null): Promise<Wallet> {
  if (!viewer) throw unauthenticated();
  const [credit, earnings, escrow, spendable, deposits] = await Promise.all([
    findAccountByKey(db, { kind: AccountKind.userCredit, asset: 'CREDIT', userId: viewer.id }),
    findAccountByKey(db, { kind: AccountKind.userEarnings, asset: 'USD', userId: viewer.id }),
    escrowOverview(db, viewer.id),
    creditBalanceCents(db, viewer.id),
    depositsHeldCents(db, viewer.id),
  ]);
  return {
    credits: centsToDecimal(spendable),
    pendingCredits: centsToDecimal(credit?.creditsPending ?? 0),
    heldInEscrow: centsToDecimal(escrow.heldCents),
    pendingIncoming: centsToDecimal(escrow.incomingCents),
    earnings: centsToDecimal(earnings ? earnings.creditsPosted - earnings.debitsPosted : 0),
    depositsHeld: centsToDecimal(deposits),
  };
}
