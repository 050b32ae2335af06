import { formatCents } from './money.js';
import { formatPolicyMinutes, type PaymentPolicy } from './policies.js';

/** A service's payment policy keys (DESIGN section 11), as its `policies` carry them. */
export interface PaymentTerms {
  paymentPolicy?: PaymentPolicy | null;
  depositCents?: number | null;
  noShowFeeCents?: number | null;
  lateCancelFeeCents?: number | null;
}

/** The policy in effect ('none' when unset). */
export const paymentPolicyOf = (terms: PaymentTerms): PaymentPolicy => terms.paymentPolicy ?? 'none';

/**
 * What a booking will hold or may charge, and when, said before the customer confirms (DESIGN
 * section 11); null for a service without a payment policy. cancelCutoffMinutes: the cut-off the
 * booking is made under (null: any time before the start).
 */
export function paymentLine(terms: PaymentTerms, cancelCutoffMinutes: number | null): string | null {
  const policy = paymentPolicyOf(terms);
  const inTime = cancelCutoffMinutes === null ? 'any time before the start' : `up to ${formatPolicyMinutes(cancelCutoffMinutes)} before the start`;
  if (policy === 'deposit' && terms.depositCents) {
    return `A deposit of ${formatCents(terms.depositCents)} is held on your card now. It is paid to the business when your visit is completed, ` +
      `refunded in full if you cancel ${inTime}, and kept by the business if you cancel later or do not show up.`;
  }
  if (policy === 'card_on_file') {
    const fees = [
      terms.noShowFeeCents ? `a no-show fee of ${formatCents(terms.noShowFeeCents)} if you do not show up` : null,
      terms.lateCancelFeeCents && cancelCutoffMinutes !== null ? `a late-cancellation fee of ${formatCents(terms.lateCancelFeeCents)} if you cancel later than ${formatPolicyMinutes(cancelCutoffMinutes)} before the start` : null,
    ].filter((f): f is string => f !== null);
    return `Your card is kept on file and nothing is charged now.${fees.length ? ` It is charged ${fees.join(', or ')}.` : ''}`;
  }
  return null;
}
