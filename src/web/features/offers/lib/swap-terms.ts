import { formatCents } from '@contract/money';
import { type BusinessKind, splitOffer } from '@contract/offer-fees';
import type { Offer } from '@contract/offers';
import { toCents } from '@contract/money';
import { RULES } from '@contract/rules';
import { formatShortDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';

// What a binding offer step does, in words, before the customer confirms it (issue 18): who moves
// where, what is paid and received, and the fees, all from the one fee rule (splitOffer) at the amount
// in question.

export interface Slot {
  date: string;
  time: string;
  /** The business's zone: the time is its wall clock, named when the viewer is on another. */
  timeZone?: string | null;
}

export interface SwapTerms {
  kind: BusinessKind;
  /** The amount that would be agreed: the offer, or the counter. */
  offerCents: number;
  viewerPays: boolean;
  /** The other customer's name, or a description when it is not known yet ("the customer at 10:00 AM"). */
  counterpart: string;
  /** The viewer's own slot now. */
  mine: Slot;
  /** The other customer's slot now. */
  theirs: Slot;
  /** A restaurant offer for the other guest's table: they give it up, nothing moves back to them. */
  handOver: boolean;
}

/** A name starts a sentence as it is; a description ("the other customer") gets its capital. */
export const lead = (who: string) => (who.startsWith('the ') ? `T${who.slice(1)}` : who);

/** "10:00 AM" (from another zone "10:00 AM New York time"), with the day when the two slots are on different days. */
export const slotText = (slot: Slot, beside: Slot) => {
  const clock = formatClock(slot.time, slot.timeZone);
  return slot.date === beside.date ? clock : `${formatShortDate(slot.date)} at ${clock}`;
};

/** Who moves where if the swap happens. */
export function moveLines(t: SwapTerms): string[] {
  const [mine, theirs] = [slotText(t.mine, t.theirs), slotText(t.theirs, t.mine)];
  if (t.handOver) {
    return t.viewerPays
      ? [`You take over ${t.counterpart}'s table at ${theirs}.`, `${lead(t.counterpart)}'s reservation is cancelled.`]
      : [`${lead(t.counterpart)} takes over your table at ${mine}.`, 'Your reservation is cancelled.'];
  }
  return [`You move from ${mine} to ${theirs}.`, `${lead(t.counterpart)} moves from ${theirs} to ${mine}.`];
}

export interface MoneyLine {
  label: string;
  amount: string;
  detail: string;
}

/** What the payer pays and the other side receives, each with the fees that make the difference. */
export function moneyLines(t: SwapTerms): MoneyLine[] {
  const split = splitOffer(t.offerCents, t.kind);
  const [offer, platform, business] = [formatCents(t.offerCents), formatCents(split.platformFeeCents), formatCents(split.businessFeeCents)];
  const platformFee = `${platform} platform fee (${RULES.platformFeePercent}%)`;
  const paid = t.kind === 'restaurant' ? `${offer} offer + ${platformFee} + ${business} business fee` : `${offer} offer + ${business} business fee`;
  const received = t.kind === 'restaurant' ? `the whole ${offer} offer` : `${offer} offer − ${platformFee}`;
  const pays = { amount: formatCents(split.totalCents), detail: paid };
  const receives = { amount: formatCents(split.recipientCents), detail: received };
  return t.viewerPays
    ? [{ label: 'You pay', ...pays }, { label: `${lead(t.counterpart)} receives`, ...receives }]
    : [{ label: 'You receive', ...receives }, { label: `${lead(t.counterpart)} pays`, ...pays }];
}

/** The offer's current terms as its viewer sees them, at `cents` (the price on the table unless given). */
export function termsOfOffer(offer: Offer, cents = toCents(offer.currentAmount) ?? 0): SwapTerms {
  const outgoing = offer.direction === 'outgoing';
  return {
    kind: offer.toAppointment.businessType,
    offerCents: cents,
    viewerPays: outgoing,
    counterpart: offer.counterpartName || 'the other customer',
    mine: outgoing ? offer.fromAppointment : offer.toAppointment,
    theirs: outgoing ? offer.toAppointment : offer.fromAppointment,
    handOver: offer.temporaryReservation,
  };
}

export type BindingStep = 'send' | 'counter' | 'accept';

/** When the step binds, and what happens to the money until then, in one or two sentences. */
export function bindingNote(step: BindingStep, t: SwapTerms, paidWith: 'cash' | 'credits' = 'cash'): string {
  const split = splitOffer(t.offerCents, t.kind);
  const [total, received, amount] = [formatCents(split.totalCents), formatCents(split.recipientCents), formatCents(t.offerCents)];
  if (step === 'send') {
    return `Nothing moves until ${t.counterpart} accepts. ${total} is held now ${paidWith === 'credits' ? 'from your Que Credit' : 'on your card'} and returned to you if the offer is declined, withdrawn or expires.`;
  }
  if (step === 'counter') {
    return `If ${t.counterpart} accepts ${amount}, the appointments swap at once and the swap is final.${t.viewerPays ? '' : ' Nothing is charged to you.'}`;
  }
  return `Accepting swaps the appointments now, and the swap is final. ${total} stays in escrow until both visits are done, then ${received} is paid to ${t.viewerPays ? t.counterpart : 'you'}.`;
}
