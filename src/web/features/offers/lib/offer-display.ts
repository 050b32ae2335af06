import type { Offer, OfferAppointment } from '@contract/offers';
import { toCents } from '@contract/money';
import { splitOffer } from '@contract/offer-fees';

/** "in 3 hours" / "5 minutes ago", from an ISO instant. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  const [value, unit] = abs >= 86_400_000 ? [Math.round(abs / 86_400_000), 'day'] : abs >= 3_600_000 ? [Math.round(abs / 3_600_000), 'hour'] : [Math.max(1, Math.round(abs / 60_000)), 'minute'];
  const text = `${value} ${unit}${value === 1 ? '' : 's'}`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

export const kindOf = (offer: Offer) => offer.toAppointment.businessType;

/** The viewer pays when they sent the offer (the sender pays either way, DESIGN section 6). */
export const viewerPays = (offer: Offer) => offer.direction === 'outgoing';

/**
 * What the payer must newly authorize by card to bind themselves to `newCents`: the new total
 * (splitOffer) less what escrow already holds for the offer (heldAmount, sent to the payer).
 */
export function topUpCents(offer: Offer, newCents: number): number {
  const kind = kindOf(offer);
  const held = toCents(offer.heldAmount ?? offer.totalCharge) ?? 0;
  return Math.max(0, splitOffer(newCents, kind).totalCents - held);
}

export const statusLabel: Record<Offer['status'], string> = {
  pending: 'Pending',
  negotiating: 'Negotiating',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const appointmentLabel = (a: OfferAppointment) => (a.isMine ? 'Your appointment' : 'Their appointment');
