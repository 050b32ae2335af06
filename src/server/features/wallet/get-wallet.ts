import type { User } from '../../../contract/auth.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Wallet } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { unauthenticated } from '../../errors.js';
import { creditBalanceCents } from '../credits/credits.service.js';
import { AccountKind, findAccount } from '../ledger/ledger.service.js';
import { escrowOverview } from '../offers/offers.service.js';

/** The signed-in user's money at a glance (DESIGN section 4): credit, escrow, what is coming, what was paid. */
export async function getWallet(db: Db, viewer: User | null): Promise<Wallet> {
  if (!viewer) throw unauthenticated();
  const credit = await findAccount(db, { kind: AccountKind.userCredit, asset: 'CREDIT', userId: viewer.id });
  const earnings = await findAccount(db, { kind: AccountKind.userEarnings, asset: 'USD', userId: viewer.id });
  const escrow = await escrowOverview(db, viewer.id);
  return {
    credits: centsToDecimal(await creditBalanceCents(db, viewer.id)),
    pendingCredits: centsToDecimal(credit?.creditsPending ?? 0),
    heldInEscrow: centsToDecimal(escrow.heldCents),
    pendingIncoming: centsToDecimal(escrow.incomingCents),
    earnings: centsToDecimal(earnings ? earnings.creditsPosted - earnings.debitsPosted : 0),
  };
}
