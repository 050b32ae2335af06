import type { CardFees, Deposit } from '@contract/appointments';
import { formatPrice } from '@contract/money';

const said: Record<Deposit['status'], string> = {
  held: 'held on the card: paid to the business when the visit is completed, refunded on a cancel in time, kept on a no-show or late cancel',
  posted: 'paid to the business',
  refunded: 'refunded to the card',
  kept: 'kept by the business',
};

/** The fees of `kinds`, in words. */
const feesNamed = (fees: CardFees, kinds: CardFees['charged']) =>
  [
    kinds.includes('no_show_fee') ? `a no-show fee of ${formatPrice(fees.noShowFee)}` : null,
    kinds.includes('late_cancel_fee') ? `a late-cancel fee of ${formatPrice(fees.lateCancelFee)}` : null,
  ].filter(Boolean);

/** The fees a card kept on file may be charged, was charged (once each), or declined (then not charged at all). */
function feesLine(fees: CardFees): string {
  const charged = feesNamed(fees, fees.charged);
  if (charged.length) return `Charged to the card on file: ${charged.join(' and ')}.`;
  const declined = feesNamed(fees, fees.declined);
  if (declined.length) return `The card on file declined ${declined.join(' and ')}: not charged.`;
  const may = [
    Number(fees.noShowFee) > 0 ? `${formatPrice(fees.noShowFee)} on a no-show` : null,
    Number(fees.lateCancelFee) > 0 ? `${formatPrice(fees.lateCancelFee)} on a late cancel` : null,
  ].filter(Boolean);
  return `Card on file, nothing charged${may.length ? `; it may be charged ${may.join(' or ')}` : ''}.`;
}

/** An appointment's deposit and card on file, and where their money is (DESIGN section 11); nothing without either. */
export function DepositLine({ deposit, cardFees }: { deposit: Deposit | null | undefined; cardFees?: CardFees | null }) {
  if (!deposit && !cardFees) return null;
  return (
    <>
      {deposit && (
        <p className="text-sm text-slate-700" data-testid="deposit-line">
          Deposit {formatPrice(deposit.amount)} {said[deposit.status]}.
        </p>
      )}
      {cardFees && <p className="text-sm text-slate-700" data-testid="card-fees-line">{feesLine(cardFees)}</p>}
    </>
  );
}
