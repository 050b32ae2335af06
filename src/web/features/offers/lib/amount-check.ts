import { hasSubCentDigits, toCents } from '@contract/money';
import { counterAmountMessage, offerAmountInRange, offerAmountMessage, type OfferType } from '@contract/offers';

export type AmountKind = OfferType | 'counter';

export interface CheckedAmount {
  /** The amount in cents, only when it may be sent; null while the typed text is not a valid amount. */
  cents: number | null;
  /** What is wrong with it, in SPEC's words, shown under the field as it is typed; null when nothing is. */
  problem: string | null;
}

const rangeMessage = (kind: AmountKind) => (kind === 'counter' ? counterAmountMessage() : offerAmountMessage(kind));

/**
 * Checks an amount field's text as it is typed (SPEC section 5, limits from RULES): an empty field, a
 * fraction of a cent, or an amount outside the kind's range is a problem, and then no amount is given,
 * so no money summary is shown for it.
 */
export function checkAmount(kind: AmountKind, text: string): CheckedAmount {
  if (!text.trim()) return { cents: null, problem: kind === 'counter' ? 'Counter amount is required and must be greater than 0.' : 'Enter an offer amount.' };
  if (hasSubCentDigits(text)) return { cents: null, problem: 'Use whole cents: at most two decimal places.' };
  const cents = toCents(text);
  if (cents === null || !offerAmountInRange(kind, cents)) return { cents: null, problem: rangeMessage(kind) };
  return { cents, problem: null };
}
