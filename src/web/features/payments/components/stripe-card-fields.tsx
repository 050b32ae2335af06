import { useEffect, useLayoutEffect, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardPurpose, StripeCard, StripeCardSlot } from '../lib/stripe-card';

// This module and Stripe's packages are their own chunk, loaded only when a card step shows with
// PAYMENTS=stripe (card-fields.tsx); Stripe.js itself comes from js.stripe.com, which only then the CSP allows.

const loading = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per page and key: a second card step reuses it. A script that cannot load reads as null. */
const stripeFor = (key: string) => {
  if (!loading.has(key)) loading.set(key, loadStripe(key).catch(() => null));
  return loading.get(key)!;
};

/** Lends the hooks a StripeCard while the Payment Element is on screen. */
function PaymentElementCard({ slot }: { slot: StripeCardSlot }) {
  const stripe = useStripe();
  const elements = useElements();
  // A layout effect: the card is lent in the commit that shows the element, so a "Book" pressed as
  // soon as the form is on screen finds it (a passive effect may run after the browser paints).
  useLayoutEffect(() => {
    if (!stripe || !elements) return;
    const card: StripeCard = {
      async authorize(totalCents, openIntent) {
        // The element was made before the total was known (deferred intent): it must match the intent's.
        elements.update({ amount: totalCents });
        const submitted = await elements.submit();
        if (submitted.error) return { ok: false, message: submitted.error.message ?? 'Check your card details.', declined: true };
        const intent = await openIntent();
        const result = await stripe.confirmPayment({ elements, clientSecret: intent.clientSecret, redirect: 'if_required' });
        if (result.error) return { ok: false, message: result.error.message ?? 'Your card could not be authorized.', declined: result.error.type !== 'api_connection_error' };
        if (result.paymentIntent.status !== 'requires_capture') return { ok: false, message: 'Your card could not be authorized.', declined: true };
        return { ok: true, clientSecret: intent.clientSecret };
      },
      async save(openSetup) {
        const submitted = await elements.submit();
        if (submitted.error) return { ok: false, message: submitted.error.message ?? 'Check your card details.', declined: true };
        const setup = await openSetup();
        const result = await stripe.confirmSetup({ elements, clientSecret: setup.clientSecret, redirect: 'if_required' });
        if (result.error) return { ok: false, message: result.error.message ?? 'Your card could not be saved.', declined: result.error.type !== 'api_connection_error' };
        if (result.setupIntent.status !== 'succeeded') return { ok: false, message: 'Your card could not be saved.', declined: true };
        return { ok: true, setupIntentId: result.setupIntent.id };
      },
    };
    slot.current = card;
    return () => {
      if (slot.current === card) slot.current = null;
    };
  }, [stripe, elements, slot]);
  return <PaymentElement options={{ layout: 'tabs' }} />;
}

// The same terms the server makes its intents with: an authorization with manual capture (held in
// escrow or as a deposit, captured later; the amount is a placeholder until authorize() sets the
// total), or a card saved for off-session fees (a SetupIntent, card on file).
const elementsOptions: Record<CardPurpose, StripeElementsOptions> = {
  authorize: { mode: 'payment', amount: 100, currency: 'usd', captureMethod: 'manual', allowedPaymentMethodTypes: ['card'] },
  save: { mode: 'setup', currency: 'usd', setupFutureUsage: 'off_session', allowedPaymentMethodTypes: ['card'] },
};

/** Stripe's Payment Element for a card: authorized now, or saved for later fees (`purpose`). */
export default function StripeCardFields({ publishableKey, slot, purpose = 'authorize' }: { publishableKey: string; slot: StripeCardSlot; purpose?: CardPurpose }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && !loaded && setUnavailable(true));
    return () => {
      live = false;
    };
  }, [stripe]);
  if (unavailable) return <p role="alert" className="text-sm text-red-600">The card form could not load. Check your connection and try again, or pay with Que Credit.</p>;
  return (
    <Elements stripe={stripe} options={elementsOptions[purpose]}>
      <PaymentElementCard slot={slot} />
    </Elements>
  );
}
