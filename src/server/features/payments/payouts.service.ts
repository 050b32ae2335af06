import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { PayoutAccount, Payouts } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { askProcessor } from './processor-request.js';
import type { PaymentProcessor, PayoutOnboarding, PayoutOwner, ProcessorAccountStatus } from './payment-processor.js';
import {
  bringWaitingPayoutsForward, findPayoutAccount, type PayoutAccountRow, payoutOwnersOf, payoutTotals, recordPayoutAccount, setPayoutAccountStatus,
} from './payout-accounts.repository.js';

const ask = <T>(run: () => Promise<T>) => askProcessor('Payout set-up', run);

/**
 * The account's status as Stripe sees it now, recorded when it changed: the owner comes back from
 * Stripe's forms to the payouts page, which reads this; later changes come by the `account.updated`
 * webhook (stripe-events.ts).
 */
async function refreshed(db: Db, onboarding: PayoutOnboarding, owner: PayoutOwner, row: PayoutAccountRow): Promise<ProcessorAccountStatus> {
  if (row.status === 'ready') return 'ready';
  const status = await ask(() => onboarding.status(row.processorRef));
  if (status !== row.status) {
    await setPayoutAccountStatus(db, row.id, status);
    if (status === 'ready') await bringWaitingPayoutsForward(db, owner);
  }
  return status;
}

async function accountOf(db: Db, onboarding: PayoutOnboarding, owner: PayoutOwner, name: string): Promise<PayoutAccount> {
  const row = await findPayoutAccount(db, owner);
  const [status, totals] = await Promise.all([row ? refreshed(db, onboarding, owner, row) : ('not_started' as const), payoutTotals(db, owner)]);
  return {
    businessId: owner.kind === 'business' ? owner.id : null, name, status,
    paidOut: centsToDecimal(totals.paidOutCents), waiting: centsToDecimal(totals.waitingCents),
  };
}

/** GET /api/payouts: where the signed-in user's payouts go, and each business's they own, with what was paid out and what waits. */
export async function listPayouts(db: Db, processor: PaymentProcessor, user: User): Promise<Payouts> {
  const onboarding = processor.payouts;
  if (!onboarding) return { setupNeeded: false, accounts: [] };
  const owned = await payoutOwnersOf(db, user.id);
  const accounts = await Promise.all([
    accountOf(db, onboarding, { kind: 'user', id: user.id }, user.username),
    ...owned.businesses.map((b) => accountOf(db, onboarding, { kind: 'business', id: b.id }, b.name)),
  ]);
  return { setupNeeded: true, accounts };
}

/**
 * POST /api/payouts/setup: the address of Stripe's onboarding forms for the user's own payouts or
 * a business's they own. The connected account is made on the first call and reused after; Stripe
 * sends the owner back to /payouts (returned), or there again for a fresh link when one expired.
 */
export async function startPayoutSetup(db: Db, processor: PaymentProcessor, publicUrl: string, user: User, businessId: number | null) {
  const onboarding = processor.payouts;
  if (!onboarding) throw new AppError(ErrorCode.INVALID_STATE, 'Payouts need no set-up with the test card processor: they are paid at once');
  const owner: PayoutOwner = businessId === null ? { kind: 'user', id: user.id } : { kind: 'business', id: businessId };
  const business = businessId === null ? null : await requireOwnedBusiness(db, user, businessId);
  let row = await findPayoutAccount(db, owner);
  if (!row) {
    const email = business ? business.email || null : (await payoutOwnersOf(db, user.id)).email;
    const ref = await ask(() => onboarding.createAccount(owner, email));
    row = await recordPayoutAccount(db, owner, ref);
  }
  if ((await refreshed(db, onboarding, owner, row)) === 'ready') throw new AppError(ErrorCode.INVALID_STATE, 'Payouts are already set up');
  const { processorRef } = row;
  const query = businessId === null ? '' : `&business=${businessId}`;
  const url = await ask(() =>
    onboarding.createLink(processorRef, { returnUrl: `${publicUrl}/payouts?setup=returned${query}`, refreshUrl: `${publicUrl}/payouts?setup=expired${query}` }),
  );
  return { url };
}
