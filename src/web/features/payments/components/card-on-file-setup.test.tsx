import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, server } from '@/test/server';
import { newStripeStandIn, useStripeStandIn } from '@/test/stripe-stand-in';
import { useBookingCard } from '../hooks/use-booking-card';
import { BookingPayment } from './booking-payment';

// A card-on-file booking's card step (DESIGN section 11). With PAYMENTS=stripe the Payment Element
// runs in setup mode: the server makes a SetupIntent, Stripe.js confirms it, and its id is what the
// server saves (never a card number). Stripe's React package is stood in for, as in card-step.test.tsx.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-stand-in')).stripeJsStandIn);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/test/stripe-stand-in')).reactStripeStandIn);
const stripe = newStripeStandIn();

const terms = { paymentPolicy: 'card_on_file' as const, noShowFeeCents: 1500, lateCancelFeeCents: 1000 };

/** The booking wizards' use of the card step, reduced to it: the money line, the card, and "Book". */
function CardOnFileStep({ onBooked }: { onBooked: (card: unknown) => void }) {
  const bookingCard = useBookingCard();
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  return (
    <>
      <BookingPayment terms={terms} cancelCutoffMinutes={120} cardNumber={cardNumber} onCardNumberChange={setCardNumber} declined={bookingCard.declined} stripeCard={bookingCard.stripeCard} />
      <Button
        disabled={bookingCard.busy}
        onClick={async () => {
          const card = await bookingCard.take({ kind: 'card_on_file', amountCents: 0, userId: 1, cardNumber });
          if (card) onBooked(card);
        }}
      >
        Book
      </Button>
    </>
  );
}

function answerCards(processor: 'stripe' | 'test') {
  const saved: unknown[] = [];
  let setups = 0;
  server.use(
    http.get('/api/payment-config', () => HttpResponse.json({ processor, stripePublishableKey: processor === 'stripe' ? 'pk_test_51Setup' : null })),
    http.post('/api/setup-intents', () => HttpResponse.json({ setupIntentId: `seti_${++setups}`, clientSecret: `seti_${setups}_secret_x` })),
    http.post('/api/payment-methods', async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return (body as { cardNumber?: string }).cardNumber === '4000000000000002'
        ? apiError(402, 'Your card was declined.', 'CARD_DECLINED')
        : HttpResponse.json({ paymentMethodId: 'pm_saved1', brand: 'visa', last4: '4242' }, { status: 201 });
    }),
  );
  return { saved, setups: () => setups };
}

beforeEach(() => {
  useStripeStandIn(stripe);
  stripe.loadStripe.mockResolvedValue({});
  stripe.elements.submit.mockResolvedValue({});
  stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
});
afterEach(() => vi.clearAllMocks());

describe('the card-on-file step with PAYMENTS=stripe', () => {
  it('shows the Payment Element in setup mode for off-session use, confirms a SetupIntent and saves its id', async () => {
    const api = answerCards('stripe');
    const onBooked = vi.fn();
    const { user } = renderApp(<CardOnFileStep onBooked={onBooked} />);
    await screen.findByTestId('payment-element');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('stripe-elements').dataset.options!)).toEqual({
      mode: 'setup', currency: 'usd', setupFutureUsage: 'off_session', allowedPaymentMethodTypes: ['card'],
    });
    expect(screen.getByText('Your card is saved for the fees above; nothing is charged now.')).toBeInTheDocument();
    expect(screen.getByTestId('booking-money-line')).toHaveTextContent('no-show fee of $15.00');

    await user.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalledWith({ paymentMethodId: 'pm_saved1' }));
    expect(stripe.elements.submit).toHaveBeenCalledOnce();
    expect(stripe.confirmSetup).toHaveBeenCalledWith({ elements: stripe.elements, clientSecret: 'seti_1_secret_x', redirect: 'if_required' });
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
    expect(stripe.elements.update).not.toHaveBeenCalled();
    expect(api.saved).toEqual([{ setupIntentId: 'seti_1' }]);
  });

  it("shows Stripe's refusal under the card, saves nothing and books nothing", async () => {
    const api = answerCards('stripe');
    stripe.confirmSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const onBooked = vi.fn();
    const { user } = renderApp(<CardOnFileStep onBooked={onBooked} />);
    await screen.findByTestId('payment-element');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await expectToast('Card Not Saved', 'Your card was declined.');
    expect(api.saved).toEqual([]);
    expect(onBooked).not.toHaveBeenCalled();
  });
});

describe('the card-on-file step with the test processor', () => {
  it('saves the test card by number and never loads Stripe.js', async () => {
    const api = answerCards('test');
    const onBooked = vi.fn();
    const { user } = renderApp(<CardOnFileStep onBooked={onBooked} />);
    expect(await screen.findByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText('Test card: 4242 4242 4242 4242. Your card is saved for the fees above; nothing is charged now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalledWith({ paymentMethodId: 'pm_saved1' }));
    expect(api.saved).toEqual([{ cardNumber: '4242424242424242' }]);
    expect(api.setups()).toBe(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
