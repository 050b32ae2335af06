import { ShieldCheck } from 'lucide-react';

/** SPEC section 4: the binding and escrow terms, shown before any offer is sent. */
export function EscrowNotice() {
  return (
    <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900">
      <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Offers are binding once accepted. Funds are held in escrow until both appointments are completed, and no payment is released until completion is confirmed.
      </span>
    </p>
  );
}
