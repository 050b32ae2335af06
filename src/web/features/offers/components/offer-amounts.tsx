import type { Offer } from '@contract/offers';
import { formatPrice } from '@contract/money';

/** Offer, counter, the price on the table now, what the payer is charged and what the other side receives. */
export function OfferAmounts({ offer }: { offer: Offer }) {
  const pays = offer.direction === 'outgoing';
  const rows: [string, string, string][] = [['Offer', formatPrice(offer.offerAmount), 'offer']];
  if (offer.counterOfferAmount) rows.push(['Counter offer', formatPrice(offer.counterOfferAmount), 'counter']);
  rows.push(['Current amount', formatPrice(offer.currentAmount), 'current']);
  rows.push([pays ? 'Your total charge' : 'Their total charge', formatPrice(offer.totalCharge), 'total']);
  rows.push([pays ? 'They receive' : 'You receive', formatPrice(offer.recipientReceives), 'receives']);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {rows.map(([label, value, id]) => (
        <div key={id} data-testid={`offer-${id}`}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
