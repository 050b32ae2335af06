import { formatCents } from '@contract/money';
import { type BusinessKind, splitOffer } from '@contract/offer-fees';
import { RULES } from '@contract/rules';

/**
 * What the payer (you) is charged and what the other customer receives, from the one fee rule
 * (splitOffer). `offerCents` is null while the amount typed is not a valid one: then nothing is shown
 * as charged, so an amount that would be refused never reads as a total.
 */
export function OfferPriceSummary({ offerCents, kind }: { offerCents: number | null; kind: BusinessKind }) {
  if (offerCents === null || offerCents <= 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="offer-price-summary">
        Nothing is charged until the amount is valid.
      </p>
    );
  }
  const split = splitOffer(offerCents, kind);
  const rows: [string, string][] = [
    ['Your offer', formatCents(offerCents)],
    ['Business convenience fee', formatCents(split.businessFeeCents)],
  ];
  if (kind === 'restaurant') rows.push([`Platform fee (${RULES.platformFeePercent}%)`, formatCents(split.platformFeeCents)]);
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite" data-testid="offer-price-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
        <dt>You pay (total charge)</dt>
        <dd className="tabular-nums" data-testid="offer-total">{formatCents(split.totalCents)}</dd>
      </div>
      <div className="flex justify-between gap-3 text-emerald-800">
        <dt>{kind === 'restaurant' ? 'The reservation holder receives (the whole offer)' : `They receive (offer − ${RULES.platformFeePercent}%)`}</dt>
        <dd className="tabular-nums" data-testid="offer-recipient">{formatCents(split.recipientCents)}</dd>
      </div>
    </dl>
  );
}
