import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AcceptOfferDialog from '@/features/offers/components/accept-offer-dialog';
import QueueJumpDialog from '@/features/offers/components/queue-jump-dialog';
import { inDays, makeAppointment, makeOffer, makeUser, othersAppointment } from '@/test/fixtures';
import { answerOfferCreation, answerPayments } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { newStripeStandIn, useStripeStandIn } from '@/test/stripe-stand-in';

// The card step chooses its form from GET /api/payment-config: Stripe's Payment Element with
// PAYMENTS=stripe, the test card number otherwise. Stripe's React package is stood in for here
// (only here: the element itself is Stripe's iframe); what the step asks of it is asserted.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-stand-in')).stripeJsStandIn);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/test/stripe-stand-in')).reactStripeStandIn);
const stripe = newStripeStandIn();

const alice = makeUser();
const answerStripeConfig = () =>
  server.use(http.get('/api/payment-config', () => HttpResponse.json({ processor: 'stripe', stripePublishableKey: 'pk_test_51Card' })));

beforeEach(() => {
  useStripeStandIn(stripe);
  stripe.mounted = 0;
  stripe.unmounted = 0;
  stripe.loadStripe.mockResolvedValue({});
  stripe.elements.submit.mockResolvedValue({});
  stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'requires_capture' } });
});
afterEach(() => vi.clearAllMocks());

function Opened({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? <>{children(() => setOpen(false))}</> : <p>closed</p>;
}

const counter = makeOffer({ status: 'negotiating', currentAmount: '30.00', totalCharge: '35.00', actions: { accept: false, decline: true, counter: true, acceptCounter: true, cancel: true } });
const openAccept = (onAccept: (id?: string) => Promise<boolean>) =>
  renderApp(<Opened>{(close) => <AcceptOfferDialog offer={counter} counter topUpCents={500} onAccept={onAccept} onClose={close} />}</Opened>);

describe('the card step with PAYMENTS=stripe', () => {
  it("shows Stripe's Payment Element, not a card number, and authorizes the total on an intent made for it with manual capture", async () => {
    answerStripeConfig();
    const payments = answerPayments({ userId: alice.id });
    const onAccept = vi.fn(async () => true);
    const { user } = openAccept(onAccept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept Counter Offer' });
    await within(dialog).findByTestId('payment-element');
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_51Card');
    expect(JSON.parse(within(dialog).getByTestId('stripe-elements').dataset.options!)).toMatchObject({
      mode: 'payment', currency: 'usd', captureMethod: 'manual', allowedPaymentMethodTypes: ['card'],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and Accept' }));
    await screen.findByText('closed');
    expect(stripe.elements.update).toHaveBeenCalledWith({ amount: 500 });
    expect(stripe.elements.submit).toHaveBeenCalledOnce();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({ elements: stripe.elements, clientSecret: 'pi_1_secret', redirect: 'if_required' });
    // The card never reaches our server: no test-card confirmation, only the intent for $5.00.
    expect(payments.authorized).toEqual([]);
    expect(onAccept).toHaveBeenCalledWith('pi_1_secret');
  });

  it("shows Stripe's refusal under the card and accepts nothing", async () => {
    answerStripeConfig();
    answerPayments({ userId: alice.id });
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const onAccept = vi.fn(async () => true);
    const { user } = openAccept(onAccept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept Counter Offer' });
    await within(dialog).findByTestId('payment-element');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await expectToast('Payment Failed', 'Your card was declined.');
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('keeps the element (and the card in it) while the offer is reviewed, then sends the offer with the authorized intent', async () => {
    answerStripeConfig();
    signedInAs(alice);
    const day = inDays(4);
    const own = makeAppointment({ id: 201, date: day, time: '11:00' });
    server.use(
      http.get('/api/available-slots', () => HttpResponse.json([])),
      http.get('/api/appointments', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.has('businessId') ? [own, othersAppointment({ id: 202, date: day, time: '10:00' })] : [own]),
      ),
    );
    answerPayments({ userId: alice.id });
    const sent = answerOfferCreation();
    const { user } = renderApp(<QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone="America/New_York" date={day} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    await within(dialog).findByTestId('payment-element');
    const before = [stripe.mounted, stripe.unmounted];
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    expect(within(dialog).getByTestId('payment-element')).not.toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await expectToast('Queue Jump Offer Sent!');
    // Never unmounted in between (StrictMode's first mount and unmount happen before).
    expect([stripe.mounted, stripe.unmounted]).toEqual(before);
    expect(stripe.elements.update).toHaveBeenCalledWith({ amount: 3000 });
    expect(sent.bodies).toEqual([expect.objectContaining({ paymentMethod: 'cash', paymentIntentId: 'pi_1_secret' })]);
  });
});

describe('the card step with the test processor (the default)', () => {
  it("shows the test card number and never loads Stripe.js", async () => {
    const payments = answerPayments({ userId: alice.id });
    const onAccept = vi.fn(async () => true);
    const { user } = openAccept(onAccept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept Counter Offer' });
    expect(await within(dialog).findByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(within(dialog).queryByTestId('payment-element')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and Accept' }));
    await screen.findByText('closed');
    expect(payments.authorized).toEqual(['5.00']);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });
});
