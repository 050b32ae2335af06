import { useState } from 'react';
import type { CreateOfferInput } from '@contract/offers';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { isInsufficientCredit, type PaymentMethod, toastInsufficientCredit, useOfferPayment } from '@/features/payments';
import { useCreateOffer } from '../api/create-offer';

export interface SendTexts {
  success: { title: string; description?: string };
  failure: { title: string; fallback: string };
}

/** Pay (card or credit check), then create the offer; toasts per SPEC section 8. */
export function useSendOffer(texts: SendTexts) {
  const payment = useOfferPayment();
  const create = useCreateOffer();
  const idempotency = useIdempotencyKey();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');

  async function send({ input, totalCents, userId, successDescription }: { input: Omit<CreateOfferInput, 'paymentMethod' | 'paymentIntentId'>; totalCents: number; userId: number; successDescription?: string }): Promise<boolean> {
    const paid = await payment.pay({ method, totalCents, userId, cardNumber });
    if (!paid.ok) return false;
    const body: CreateOfferInput = { ...input, paymentMethod: method, ...(paid.paymentIntentId ? { paymentIntentId: paid.paymentIntentId } : {}) };
    try {
      await create.mutateAsync({ input: body, idempotencyKey: idempotency.keyFor(body) });
    } catch (error) {
      if (isInsufficientCredit(error)) toastInsufficientCredit(error);
      else toast({ title: texts.failure.title, description: errorMessage(error, texts.failure.fallback), variant: 'destructive' });
      return false;
    }
    payment.spent();
    idempotency.done();
    toast({ title: texts.success.title, description: successDescription ?? texts.success.description });
    return true;
  }

  return {
    send,
    busy: payment.paying || create.isPending,
    paymentFields: {
      method,
      onMethodChange: (m: PaymentMethod) => {
        setMethod(m);
        payment.clearDeclined();
      },
      cardNumber,
      onCardNumberChange: (v: string) => {
        setCardNumber(v);
        payment.clearDeclined();
      },
      declined: payment.declined,
      stripeCard: payment.stripeCard,
    },
  };
}
