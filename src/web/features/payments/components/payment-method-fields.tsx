import { CreditCard, Coins } from 'lucide-react';
import { formatPrice } from '@contract/money';
import { cn } from '@/lib/cn';
import type { PaymentMethod } from '../hooks/use-offer-payment';
import type { CardPurpose, StripeCardSlot } from '../lib/stripe-card';
import { CardFields } from './card-fields';

const choices: { value: PaymentMethod; label: string; icon: typeof CreditCard }[] = [
  { value: 'cash', label: 'Card', icon: CreditCard },
  { value: 'credits', label: 'Que Credit', icon: Coins },
];

/** Card (Stripe's Payment Element, or a card number for the test processor) or Que Credit; a declined card's message shows under the field. */
export function PaymentMethodFields({ idPrefix, method, onMethodChange, cardNumber, onCardNumberChange, declined, stripeCard, creditBalance, cardOnly = false, cardPurpose }: {
  idPrefix: string;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  cardNumber: string;
  onCardNumberChange: (value: string) => void;
  declined: string | null;
  /** Where the Payment Element lends useOfferPayment its card (PAYMENTS=stripe). */
  stripeCard: StripeCardSlot;
  creditBalance?: string;
  /** Only the card number (a top-up of a card offer). */
  cardOnly?: boolean;
  /** What the card is for (CardFields): authorized now, or saved for later fees. */
  cardPurpose?: CardPurpose;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className={cardOnly ? 'sr-only' : 'text-sm font-medium text-slate-700'}>Pay with</legend>
      <div className={cn('grid grid-cols-2 gap-2', cardOnly && 'hidden')}>
        {choices.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-200',
              method === value ? 'border-brand-500 bg-brand-50' : 'border-slate-300',
            )}
          >
            <input type="radio" name={`${idPrefix}-payment`} value={value} checked={method === value} onChange={() => onMethodChange(value)} className="accent-brand-600" />
            <Icon className="size-4 text-slate-500" aria-hidden="true" />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {method === 'cash' ? (
        <CardFields idPrefix={idPrefix} cardNumber={cardNumber} onCardNumberChange={onCardNumberChange} declined={declined} stripeCard={stripeCard} purpose={cardPurpose} />
      ) : (
        <p className="text-sm text-slate-600">{creditBalance !== undefined ? `Available Que Credit: ${formatPrice(creditBalance)}.` : 'Paid from your Que Credit balance.'}</p>
      )}
    </fieldset>
  );
}
