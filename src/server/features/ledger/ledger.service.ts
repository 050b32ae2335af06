/*
 * The double-entry ledger (DESIGN section 5). Amounts are integer cents of one asset (USD or
 * CREDIT). Money moves only in the SQL functions that change the business state with it
 * (que_ledger_transfer, que_ledger_resolve, que_offer_hold, the booking and settlement functions):
 * balances live on the account rows and change only in the statement that writes each immutable
 * transfer row; rows are locked in id order, and the no-overdraft CHECK refuses any overdraft of a
 * guarded account. This side of the ledger only reads.
 */

/**
 * Account kinds. Users: card funding (USD), credit (CREDIT), earnings (USD); businesses: fees;
 * the platform: fees and credit issuance; one escrow account per offer and asset.
 */
export const AccountKind = {
  userCard: 'user_card',
  userCredit: 'user_credit',
  userEarnings: 'user_earnings',
  businessFees: 'business_fees',
  platformFees: 'platform_fees',
  creditIssuance: 'credit_issuance',
  offerEscrow: 'offer_escrow',
} as const;
