import { CreditCard, Coins } from 'lucide-react';
import { formatPrice } from '@contract/money';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { PaymentMethod } from '../hooks/use-offer-payment';

const choices: { value: PaymentMethod; label: string; icon: typeof CreditCard }[] = [
  { value: 'cash', label: 'Card', icon: CreditCard },
  { value: 'credits', label: 'Que Credit', icon: Coins },
];

/** Card (a card number for the test processor) or Que Credit; a declined card's message shows under the field. */
export function PaymentMethodFields({ idPrefix, method, onMethodChange, cardNumber, onCardNumberChange, declined, creditBalance, cardOnly = false }: {
  idPrefix: string;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  cardNumber: string;
  onCardNumberChange: (value: string) => void;
  declined: string | null;
  creditBalance?: string;
  /** Only the card number (a top-up of a card offer). */
  cardOnly?: boolean;
}) {
  const cardId = `${idPrefix}-card-number`;
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
          {declined ? (
            <p id={`${cardId}-error`} role="alert" className="text-sm text-red-600">
              {declined}
            </p>
          ) : (
            <p id={`${cardId}-hint`} className="text-xs text-slate-500">
              Test card: 4242 4242 4242 4242. The amount is authorized now and held in escrow.
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{creditBalance !== undefined ? `Available Que Credit: ${formatPrice(creditBalance)}.` : 'Paid from your Que Credit balance.'}</p>
      )}
    </fieldset>
  );
}
