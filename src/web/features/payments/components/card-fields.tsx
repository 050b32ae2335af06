import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CardPurpose, StripeCardSlot } from '../lib/stripe-card';

// Stripe's packages load with the card step, never with the first page (tests/e2e/home.e2e.ts).
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

const loadingCard = <Skeleton className="h-24" aria-busy="true" aria-label="Loading the card form" />;

export interface CardFieldsProps {
  idPrefix: string;
  cardNumber: string;
  onCardNumberChange: (value: string) => void;
  declined: string | null;
  stripeCard: StripeCardSlot;
  /** Authorize an amount now (the default), or save the card for fees that may come later (card on file). */
  purpose?: CardPurpose;
}

const HINT: Record<CardPurpose, string> = {
  authorize: 'The amount is authorized on your card now and held in escrow.',
  save: 'Your card is saved for the fees above; nothing is charged now.',
};

/**
 * The card step: Stripe's Payment Element when the server runs PAYMENTS=stripe, else the test
 * processor's card number field. A declined card's message shows under either.
 */
export function CardFields({ idPrefix, cardNumber, onCardNumberChange, declined, stripeCard, purpose = 'authorize' }: CardFieldsProps) {
  const config = usePaymentConfig();
  const cardId = `${idPrefix}-card-number`;
  if (config.isPending) return loadingCard;
  if (config.isError) return <p role="alert" className="text-sm text-red-600">Card payments are unavailable right now. Try again in a minute, or pay with Que Credit.</p>;
  const declinedLine = declined ? (
    <p id={`${cardId}-error`} role="alert" className="text-sm text-red-600">
      {declined}
    </p>
  ) : null;
  if (config.data.processor === 'stripe' && config.data.stripePublishableKey) {
    return (
      <div className="space-y-1.5" data-testid="stripe-card">
        <Suspense fallback={loadingCard}>
          <StripeCardFields publishableKey={config.data.stripePublishableKey} slot={stripeCard} purpose={purpose} />
        </Suspense>
        {declinedLine ?? <p className="text-xs text-slate-500">{HINT[purpose]}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={cardId}>Card number</Label>
      <Input
        id={cardId}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={cardNumber}
        onChange={(e) => onCardNumberChange(e.target.value)}
        aria-invalid={declined ? true : undefined}
        aria-describedby={declined ? `${cardId}-error` : `${cardId}-hint`}
      />
      {declinedLine ?? (
        <p id={`${cardId}-hint`} className="text-xs text-slate-500">
          Test card: 4242 4242 4242 4242. {HINT[purpose]}
        </p>
      )}
    </div>
  );
}
