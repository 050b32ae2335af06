import type { Deposit } from '@contract/appointments';
import { formatPrice } from '@contract/money';

const said: Record<Deposit['status'], string> = {
  held: 'held on the card: paid to the business when the visit is completed, refunded on a cancel in time, kept on a no-show or late cancel',
  posted: 'paid to the business',
  refunded: 'refunded to the card',
  kept: 'kept by the business',
};

/** An appointment's deposit and where its money is (DESIGN section 11); nothing without one. */
export function DepositLine({ deposit }: { deposit: Deposit | null | undefined }) {
  if (!deposit) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="deposit-line">
      Deposit {formatPrice(deposit.amount)} {said[deposit.status]}.
    </p>
  );
}
