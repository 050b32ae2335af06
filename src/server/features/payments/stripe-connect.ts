import type Stripe from 'stripe';
import type { PayoutOnboarding, PayoutOwner, ProcessorAccountStatus } from './payment-processor.js';
import { callStripe } from './stripe-calls.js';

const ownerMetadata = (owner: PayoutOwner): Record<string, string> =>
  owner.kind === 'user' ? { que_user_id: String(owner.id) } : { que_business_id: String(owner.id) };

/**
 * Stripe Connect onboarding for payouts: one Express account per user or business (Stripe hosts the
 * identity and bank forms), reached through single-use account links. Que charges the cards and
 * transfers to these accounts (separate charges and transfers), so they only need `transfers`.
 */
export class StripeConnectOnboarding implements PayoutOnboarding {
  constructor(private readonly stripe: Stripe) {}

  async createAccount(owner: PayoutOwner, email: string | null): Promise<string> {
    const account = await callStripe(() =>
      this.stripe.accounts.create(
        { type: 'express', ...(email ? { email } : {}), capabilities: { transfers: { requested: true } }, metadata: ownerMetadata(owner) },
        // Two requests racing to make the owner's first account get the same one back from Stripe.
        { idempotencyKey: `que-payout-account-${owner.kind}-${owner.id}` },
      ),
    );
    return account.id;
  }

  async createLink(accountRef: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const link = await callStripe(() =>
      this.stripe.accountLinks.create({ account: accountRef, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl }),
    );
    return link.url;
  }

  async status(accountRef: string): Promise<ProcessorAccountStatus> {
    const account = await callStripe(() => this.stripe.accounts.retrieve(accountRef));
    const ready = account.details_submitted === true && account.payouts_enabled === true && account.capabilities?.transfers === 'active';
    return ready ? 'ready' : 'pending';
  }
}
