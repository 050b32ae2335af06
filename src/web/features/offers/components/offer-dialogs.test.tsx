import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { counterOfferSchema } from '@contract/offers';
import { formatLongDate } from '@/components/ui/calendar';
import { inDays, makeAppointment, makeOffer, makeRestaurant, makeUser, othersAppointment } from '@/test/fixtures';
import { answerOfferCreation, answerPayments } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import AcceptOfferDialog from './accept-offer-dialog';
import MoveBackDialog from './move-back-dialog';
import NegotiateDialog from './negotiate-dialog';
import QueueJumpDialog from './queue-jump-dialog';
import RestaurantSkipDialog from './restaurant-skip-dialog';

// The offer dialogs' rules, without a browser: defaults, the money each shows (from the one fee rule),
// what is refused before anything is sent, what is paid and sent, and Escape. tests/e2e/offers.e2e.ts
// makes, counters, accepts and settles an offer through the real app.

const alice = makeUser();
const day = inDays(4);

// No free times unless a test says so (a free time is offered before any paid swap: free-time-instead.tsx).
beforeEach(() => server.use(http.get('/api/available-slots', () => HttpResponse.json([]))));

/** The dialog as its screen holds it: open until it asks to close. */
function Opened({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? <>{children(() => setOpen(false))}</> : <p>closed</p>;
}

describe('Skip the line (queue jump at a service business)', () => {
  const mine = makeAppointment({ id: 201, date: day, time: '11:00' });
  const earlier = othersAppointment({ id: 202, date: day, time: '10:00' });
  const earliestButBlocked = othersAppointment({ id: 203, date: day, time: '09:00', blockOffers: true });

  function answerDay(own = [mine], others = [earlier, earliestButBlocked]) {
    server.use(
      http.get('/api/appointments', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.has('businessId') ? [...own, ...others] : own)),
    );
  }
  const open = () =>
    renderApp(
      <Opened>{(close) => <QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone="America/New_York" date={day} open onOpenChange={(o) => !o && close()} />}</Opened>,
    );

  it('offers $25 for the earliest earlier slot that takes offers: $30.00 charged, $23.75 to them, paid by card', async () => {
    signedInAs(alice);
    answerDay();
    const payments = answerPayments({ userId: alice.id });
    const sent = answerOfferCreation();
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    expect(dialog).toHaveAccessibleDescription(`Offer to swap for an earlier time at Downtown Barber Co. on ${formatLongDate(day)}.`);
    // 9:00 blocks offers, so the target is 10:00.
    expect(await within(dialog).findByTestId('queue-jump-target')).toHaveTextContent('Earliest earlier slot: 10:00 AM (Classic Haircut, 30 min)');
    expect(within(dialog).getByText(/Your appointment:/)).toHaveTextContent('Classic Haircut at 11:00 AM');
    const amount = within(dialog).getByLabelText('Offer amount');
    expect(amount).toHaveValue(25);
    expect(within(dialog).getByTestId('offer-total')).toHaveTextContent('$30.00');
    expect(within(dialog).getByTestId('offer-recipient')).toHaveTextContent('$23.75');
    expect(within(dialog).getByText(/Offers are binding once accepted\. Funds are held in escrow until both appointments are completed/)).toBeInTheDocument();

    // Out of range: flagged under the field as typed, nothing shown as charged, refused before any payment.
    await user.clear(amount);
    await user.type(amount, '2');
    expect(amount).toBeInvalid();
    expect(amount).toHaveAccessibleDescription(/^Offer amount must be between \$5 and \$200\./);
    expect(within(dialog).getByTestId('offer-price-summary')).toHaveTextContent('Nothing is charged until the amount is valid.');
    expect(within(dialog).queryByTestId('offer-total')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    await expectToast('Invalid Amount', 'Offer amount must be between $5 and $200.');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(dialog).getByTestId('qj-amount-error')).toHaveTextContent('Offer amount must be between $5 and $200.');
    expect(within(dialog).queryByTestId('offer-total')).not.toBeInTheDocument();
    await user.clear(amount);
    expect(within(dialog).getByTestId('qj-amount-error')).toHaveTextContent('Enter an offer amount.');
    expect(payments.authorized).toEqual([]);

    await user.type(amount, '40');
    expect(amount).toBeValid();
    expect(within(dialog).queryByTestId('qj-amount-error')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('offer-total')).toHaveTextContent('$45.00');
    expect(within(dialog).getByTestId('offer-recipient')).toHaveTextContent('$38.00');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Running late');
    // A confirmation first: who moves where, the money and the fees. Back changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    const review = within(dialog).getByTestId('offer-review');
    expect(within(review).getByTestId('offer-review-moves')).toHaveTextContent('You move from 11:00 AM to 10:00 AM.The other customer moves from 10:00 AM to 11:00 AM.');
    expect(within(review).getByTestId('offer-review-money')).toHaveTextContent('You pay$40.00 offer + $5.00 business fee$45.00The other customer receives$40.00 offer − $2.00 platform fee (5%)$38.00');
    expect(within(review).getByTestId('offer-review-note')).toHaveTextContent('Nothing moves until the other customer accepts. $45.00 is held now on your card and returned to you if the offer is declined, withdrawn or expires.');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Offer amount')).toHaveValue(40);
    expect(payments.authorized).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await expectToast('Queue Jump Offer Sent!', "You offered $40.00 for the 10:00 AM slot. You'll see their answer under My Appointments.");
    await screen.findByText('closed');
    expect(payments.authorized).toEqual(['45.00']);
    expect(sent.bodies).toEqual([
      { fromUserId: 7, fromAppointmentId: 201, toAppointmentId: 202, offerAmount: '40.00', offerType: 'queue_jump', message: 'Running late', paymentMethod: 'cash', paymentIntentId: 'pi_1_secret' },
    ]);
  });

  it('closes on Escape without sending', async () => {
    signedInAs(alice);
    answerDay();
    answerPayments({ userId: alice.id });
    const sent = answerOfferCreation();
    const { user } = open();
    await screen.findByTestId('queue-jump-target');
    await user.keyboard('{Escape}');
    await screen.findByText('closed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.bodies).toEqual([]);
  });

  it('refuses a credit-paid offer beyond the balance, and shows a declined card in the form', async () => {
    signedInAs(alice);
    answerDay();
    const payments = answerPayments({ userId: alice.id, credits: '12.00' });
    const sent = answerOfferCreation();
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    await within(dialog).findByTestId('queue-jump-target');
    await user.click(within(dialog).getByRole('radio', { name: 'Que Credit' }));
    expect(within(dialog).getByText('Available Que Credit: $12.00.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    expect(within(dialog).getByTestId('offer-review-note')).toHaveTextContent('$30.00 is held now from your Que Credit');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await expectToast('Insufficient Que Credit', 'You need $30.00 in Que Credit but only have $12.00. Book more appointments to earn Que Credit!');
    expect(payments.creditChecks).toEqual(['30.00']);

    // The toast comes before the dialog is back on its form: wait for the form, not the toast.
    await user.click(await within(dialog).findByRole('radio', { name: 'Card' }));
    const card = await within(dialog).findByLabelText('Card number');
    expect(card).toHaveValue('4242 4242 4242 4242');
    await user.clear(card);
    await user.type(card, '4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await expectToast('Payment Failed', 'Your card was declined.');
    // Back on the form, where the card can be put right.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    const again = within(dialog).getByLabelText('Card number');
    expect(again).toHaveValue('4000 0000 0000 0002');
    expect(again).toHaveAttribute('aria-invalid', 'true');
    // Typing another card clears the message.
    await user.type(again, '1');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.bodies).toEqual([]);
  });

  it('says when nobody earlier can be asked, and when the visitor has no appointment that day, with a way to book one', async () => {
    signedInAs(alice);
    answerDay([makeAppointment({ id: 204, date: day, time: '08:00' })]);
    answerPayments({ userId: alice.id });
    const first = open();
    await expectToast('No Earlier Slots', 'There are no earlier appointments available for queue jumping.');
    const dialog = screen.getByRole('dialog', { name: 'Skip the Line' });
    expect(within(dialog).getByRole('button', { name: 'Review Offer' })).toBeDisabled();
    first.unmount();

    answerDay([]);
    const second = open();
    expect(await screen.findByText(`To skip the line you first need an appointment of your own here on ${formatLongDate(day)}.`)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Got it' }));
    await screen.findByText('closed');
    second.unmount();

    // Not a dead end: the booking page at that date, the dialog closing as it goes.
    const third = renderApp(
      <Opened>{(close) => <QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone="America/New_York" serviceId={11} date={day} open onOpenChange={(o) => !o && close()} />}</Opened>,
    );
    await third.user.click(await screen.findByRole('link', { name: 'Book a time that day' }));
    expect(third.location()).toBe(`/book-appointment?businessId=1&serviceId=11&date=${day}`);
  });

  it('lets a visitor with two appointments that day choose which one to offer', async () => {
    signedInAs(alice);
    answerDay([mine, makeAppointment({ id: 205, date: day, time: '09:30' })]);
    answerPayments({ userId: alice.id });
    const { user } = open();
    const select = await screen.findByLabelText('Your appointment');
    // The earliest of one's own first: nothing earlier than 9:30 takes offers (9:00 blocks them).
    expect(select).toHaveDisplayValue('Classic Haircut at 9:30 AM');
    await expectToast('No Earlier Slots');
    await user.selectOptions(select, '201');
    expect(await screen.findByTestId('queue-jump-target')).toHaveTextContent('10:00 AM');
  });

  it('asks a signed-out visitor to sign in', async () => {
    open();
    expect(await screen.findByText('Sign in to make a queue-jump offer.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toMatch(/^\/login\?redirect=/);
  });
});

describe('Move Back', () => {
  const mine = makeAppointment({ id: 301, date: day, time: '09:00' });
  const later = othersAppointment({ id: 302, date: day, time: '15:00' });
  const laterOtherService = othersAppointment({ id: 303, date: day, time: '16:00', serviceId: 12 });

  it('says what it is for, and offers $20 plus the $5 fee for a chosen later time, with the default message', async () => {
    signedInAs(alice);
    server.use(http.get('/api/appointments', () => HttpResponse.json([mine, later, laterOtherService])));
    const payments = answerPayments({ userId: alice.id });
    const sent = answerOfferCreation();
    const { user } = renderApp(<Opened>{(close) => <MoveBackDialog appointment={mine} onClose={close} />}</Opened>);
    const dialog = await screen.findByRole('dialog', { name: 'Move Back' });
    expect(dialog).toHaveAccessibleDescription('Running late? Pay someone with a later slot to trade with you.');
    expect(within(dialog).getByTestId('move-back-appointment')).toHaveTextContent(`Your appointment: Classic Haircut at Downtown Barber Co., ${formatLongDate(day)} at 9:00 AM`);
    const option = await within(dialog).findByRole('radio', { name: /3:00 PM/ });
    // Only later appointments of the same service are offered.
    expect(within(dialog).getAllByRole('radio', { name: /PM|AM/ }).filter((r) => r.getAttribute('name') === 'move-back-slot')).toHaveLength(1);
    const amount = within(dialog).getByLabelText('Your offer to them');
    expect(amount).toHaveValue(20);
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Would you like to swap for an earlier time? I can take your later slot.');
    // Who pays and who receives, labelled.
    const summary = within(dialog).getByTestId('offer-price-summary');
    expect(summary).toHaveTextContent('Your offer$20.00Business convenience fee$5.00You pay (total charge)$25.00They receive (offer − 5%)$19.00');
    await user.click(within(dialog).getByRole('button', { name: 'Review Move Back Offer' }));
    await expectToast('Missing Information', 'Please select a time slot and enter an offer amount.');
    await user.click(option);
    await user.clear(amount);
    await user.type(amount, '0.5');
    expect(within(dialog).getByTestId('mb-amount-error')).toHaveTextContent('Offer amount must be between $1 and $200.');
    expect(within(dialog).queryByTestId('offer-total')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review Move Back Offer' }));
    await expectToast('Invalid Amount', 'Offer amount must be between $1 and $200.');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Review Move Back Offer' }));
    expect(within(dialog).getByTestId('offer-review-moves')).toHaveTextContent('You move from 9:00 AM to 3:00 PM.The other customer moves from 3:00 PM to 9:00 AM.');
    expect(within(dialog).getByTestId('offer-review-money')).toHaveTextContent('You pay$20.00 offer + $5.00 business fee$25.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send Move Back Offer' }));
    await expectToast('Move Back Offer Sent!', /You offered \$20\.00 to swap into the .* 3:00 PM slot\./);
    await screen.findByText('closed');
    expect(payments.authorized).toEqual(['25.00']);
    expect(sent.bodies).toEqual([
      { fromUserId: 7, fromAppointmentId: 301, toAppointmentId: 302, offerAmount: '20.00', offerType: 'move_back', message: 'Would you like to swap for an earlier time? I can take your later slot.', paymentMethod: 'cash', paymentIntentId: 'pi_1_secret' },
    ]);
  });

  it('says when nobody later can be asked; Escape closes', async () => {
    signedInAs(alice);
    server.use(http.get('/api/appointments', () => HttpResponse.json([mine])));
    answerPayments({ userId: alice.id });
    const onClose = vi.fn();
    const { user } = renderApp(<MoveBackDialog appointment={mine} onClose={onClose} />);
    await screen.findByText('No later appointments available for swapping at this time.');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('a free time before a paid swap', () => {
  it('Skip the line: 9:30 AM is free before the 10:00 AM the offer would buy, and one tap moves there at no cost', async () => {
    signedInAs(alice);
    const mine = makeAppointment({ id: 401, date: day, time: '14:00' });
    server.use(
      http.get('/api/appointments', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.has('businessId') ? [mine, othersAppointment({ id: 402, date: day, time: '10:00' })] : [mine])),
      http.get('/api/available-slots', () => HttpResponse.json(['09:30', '12:00', '15:00'])),
    );
    answerPayments({ userId: alice.id });
    const patches = recorder<Record<string, unknown>>();
    server.use(http.patch('/api/appointments/:id', async ({ request, params }) => (await patches.take(request), HttpResponse.json({ ...mine, id: Number(params.id), time: '09:30' }))));
    const { user } = renderApp(
      <Opened>{(close) => <QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone="America/New_York" date={day} open onOpenChange={(o) => !o && close()} />}</Opened>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    const free = await within(dialog).findByTestId('free-time-instead');
    expect(free).toHaveTextContent('9:30 AM is free: move there at no cost.');
    // Offered before the paid one.
    expect(free.compareDocumentPosition(within(dialog).getByTestId('queue-jump-target')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(free).getByRole('button', { name: 'Move to 9:30 AM' }));
    await expectToast('Appointment Rescheduled', 'Moved to 9:30 AM at no cost.');
    await screen.findByText('closed');
    expect(patches.bodies).toEqual([{ date: day, time: '09:30' }]);
  });

  it('Move Back: the chosen member’s later free time, asked of that member', async () => {
    signedInAs(alice);
    const mine = makeAppointment({ id: 411, date: day, time: '09:00', staffId: 4, staffName: 'Ana', staffRequested: true });
    const asked: string[] = [];
    server.use(
      http.get('/api/appointments', () => HttpResponse.json([mine])),
      http.get('/api/businesses/:id/availability', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('staffId') ?? '');
        return HttpResponse.json({ date: day, slots: [{ time: '08:00', staff: [{ id: 4, name: 'Ana' }] }, { time: '13:00', staff: [{ id: 4, name: 'Ana' }] }] });
      }),
    );
    answerPayments({ userId: alice.id });
    renderApp(<MoveBackDialog appointment={mine} onClose={() => undefined} />);
    expect(await screen.findByTestId('free-time-instead')).toHaveTextContent('1:00 PM is free with Ana: move there at no cost.');
    expect(asked).toContain('4');
  });

  it('says nothing when no free time is as good', async () => {
    signedInAs(alice);
    const mine = makeAppointment({ id: 421, date: day, time: '14:00' });
    server.use(
      http.get('/api/appointments', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.has('businessId') ? [mine, othersAppointment({ id: 422, date: day, time: '10:00' })] : [mine])),
      // 11:00 is earlier than 2:00 PM but later than the 10:00 AM the offer would buy.
      http.get('/api/available-slots', () => HttpResponse.json(['11:00', '15:00'])),
    );
    answerPayments({ userId: alice.id });
    renderApp(<QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone="America/New_York" date={day} open onOpenChange={() => undefined} />);
    await screen.findByTestId('queue-jump-target');
    expect(screen.queryByTestId('free-time-instead')).not.toBeInTheDocument();
  });
});

describe('Skip the line at a full restaurant', () => {
  const restaurant = makeRestaurant({ id: 6, businessName: 'Sakura Sushi House', maxPartySize: 6, reservationDuration: 90 });

  it('offers $10 for another guest’s table: $15.50 charged, all $10.00 to them, as a temporary reservation', async () => {
    signedInAs(alice);
    server.use(
      http.get('/api/restaurant-reservations', () =>
        HttpResponse.json([
          { id: 401, customerId: null, time: '19:00', partySize: 6, seatingPreference: 'window', isMine: false },
          { id: 402, customerId: 7, time: '20:00', partySize: 2, seatingPreference: null, isMine: true },
        ]),
      ),
    );
    const payments = answerPayments({ userId: alice.id });
    const sent = answerOfferCreation();
    const { user } = renderApp(<Opened>{(close) => <RestaurantSkipDialog restaurant={restaurant} date={day} partySize={4} open onOpenChange={(o) => !o && close()} />}</Opened>);
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    const table = await within(dialog).findByRole('radio', { name: /7:00 PM · party of 6 · window/ });
    // One's own reservation is not offered.
    expect(within(dialog).queryByRole('radio', { name: /8:00 PM/ })).not.toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Offer amount');
    expect(amount).toHaveValue(10);
    expect([amount.getAttribute('min'), amount.getAttribute('max'), amount.getAttribute('step')]).toEqual(['5', '200', '5']);
    expect(within(dialog).getByText('Between $5 and $200. Reservation length: 90 minutes.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('offer-total')).toHaveTextContent('$15.50');
    expect(within(dialog).getByTestId('offer-recipient')).toHaveTextContent('$10.00');
    const party = within(dialog).getByLabelText('Party size');
    expect(party).toHaveValue('4');
    expect(within(party).getAllByRole('option')).toHaveLength(6);

    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    await expectToast('Please select a reservation', "Choose which reservation you'd like to swap with.");
    await user.click(table);
    await user.selectOptions(party, '2');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(dialog).getByTestId('rs-amount-error')).toHaveTextContent('Offer amount must be between $5 and $200.');
    expect(within(dialog).queryByTestId('offer-total')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Review Offer' }));
    expect(within(dialog).getByTestId('offer-review-moves')).toHaveTextContent("You take over the other guest's table at 7:00 PM.The other guest's reservation is cancelled.");
    expect(within(dialog).getByTestId('offer-review-money')).toHaveTextContent('You pay$10.00 offer + $0.50 platform fee (5%) + $5.00 business fee$15.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await expectToast('Offer Sent!', "You offered $10.00 for the 7:00 PM table. You'll see their answer under My Appointments.");
    expect(payments.authorized).toEqual(['15.50']);
    expect(sent.bodies).toEqual([
      {
        fromUserId: 7, toAppointmentId: 401, offerAmount: '10.00', offerType: 'queue_jump', message: '', paymentMethod: 'cash', paymentIntentId: 'pi_1_secret',
        temporaryReservation: { date: day, time: '19:00', partySize: 2, customerName: 'alice', customerEmail: 'alice@example.com' },
      },
    ]);
  });

  it('cannot send when no other guest holds a table', async () => {
    signedInAs(alice);
    server.use(http.get('/api/restaurant-reservations', () => HttpResponse.json([])));
    answerPayments({ userId: alice.id });
    renderApp(<RestaurantSkipDialog restaurant={restaurant} date={day} partySize={2} open onOpenChange={() => undefined} />);
    expect(await screen.findByText('No reservations of other guests to swap with on this date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review Offer' })).toBeDisabled();
  });
});

describe('Negotiate', () => {
  function answerNegotiation() {
    const sent = recorder<Record<string, unknown>>();
    server.use(
      http.post('/api/queue-jump-offers/:id/negotiate', async ({ request }) => {
        counterOfferSchema.parse(await sent.take(request));
        return HttpResponse.json(makeOffer({ status: 'negotiating' }));
      }),
    );
    return sent;
  }

  it('the recipient counters with an amount and a message; nothing is paid', async () => {
    const incoming = makeOffer({ direction: 'incoming', actions: { accept: true, decline: true, counter: true, acceptCounter: false, cancel: false } });
    const sent = answerNegotiation();
    const payments = answerPayments({ userId: alice.id });
    const { user } = renderApp(<Opened>{(close) => <NegotiateDialog offer={incoming} onClose={close} />}</Opened>);
    const dialog = await screen.findByRole('dialog', { name: 'Negotiate Offer' });
    expect(dialog).toHaveAccessibleDescription('Current amount $25.00 · no counter-offers yet');
    const amount = within(dialog).getByLabelText('Counter amount');
    expect(amount).toHaveValue(25);
    await user.clear(amount);
    expect(within(dialog).getByTestId('counter-amount-error')).toHaveTextContent('Counter amount is required and must be greater than 0.');
    await user.type(amount, '0');
    expect(within(dialog).getByTestId('counter-amount-error')).toHaveTextContent('Counter amount must be between $1 and $200.');
    await user.click(within(dialog).getByRole('button', { name: 'Review Counter Offer' }));
    await expectToast('Invalid Amount', 'Counter amount must be between $1 and $200.');
    await user.clear(amount);
    await user.type(amount, '30');
    // Nobody who is paid authorizes anything.
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Make it thirty and it is yours.');
    await user.click(within(dialog).getByRole('button', { name: 'Review Counter Offer' }));
    // The recipient's view: what they receive at that price, and who moves where.
    expect(within(dialog).getByTestId('offer-review-moves')).toHaveTextContent('You move from 10:00 AM to 11:00 AM.bob moves from 11:00 AM to 10:00 AM.');
    expect(within(dialog).getByTestId('offer-review-money')).toHaveTextContent('You receive$30.00 offer − $1.50 platform fee (5%)$28.50bob pays$30.00 offer + $5.00 business fee$35.00');
    expect(within(dialog).getByTestId('offer-review-note')).toHaveTextContent('If bob accepts $30.00, the appointments swap at once and the swap is final. Nothing is charged to you.');
    expect(sent.bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    await expectToast('Counter Offer Sent', 'You proposed $30.00.');
    await screen.findByText('closed');
    expect(sent.bodies).toEqual([{ counterAmount: '30.00', counterMessage: 'Make it thirty and it is yours.' }]);
    expect(payments.authorized).toEqual([]);
  });

  it('the payer raising a card offer authorizes the difference of the totals first', async () => {
    const outgoing = makeOffer({ status: 'negotiating', negotiationRound: 1, counterOfferAmount: '20.00', currentAmount: '20.00', totalCharge: '25.00', heldAmount: '30.00' });
    const sent = answerNegotiation();
    const payments = answerPayments({ userId: alice.id });
    const { user } = renderApp(<Opened>{(close) => <NegotiateDialog offer={outgoing} onClose={close} />}</Opened>);
    const dialog = await screen.findByRole('dialog', { name: 'Negotiate Offer' });
    expect(dialog).toHaveAccessibleDescription('Current amount $20.00 · 1 counter-offer so far');
    const amount = within(dialog).getByLabelText('Counter amount');
    // Up to what escrow holds ($30 = $25 + $5) costs nothing more.
    await user.clear(amount);
    await user.type(amount, '25');
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '32');
    expect(within(dialog).getByText(/authorizes \$7\.00 more on your card/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review Counter Offer' }));
    expect(within(dialog).getByTestId('offer-review-note')).toHaveTextContent('$7.00 more is authorized on your card now and held with the rest.');
    expect(payments.authorized).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    await expectToast('Counter Offer Sent', 'You proposed $32.00.');
    expect(payments.authorized).toEqual(['7.00']);
    expect(sent.bodies).toEqual([{ counterAmount: '32.00', counterMessage: '', paymentIntentId: 'pi_1_secret' }]);
  });

  it('Escape closes without sending', async () => {
    const sent = answerNegotiation();
    const onClose = vi.fn();
    const { user } = renderApp(<NegotiateDialog offer={makeOffer()} onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Negotiate Offer' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.bodies).toEqual([]);
  });
});

describe('Accept a raised counter', () => {
  it('confirms the swap and its money, authorizes the difference by card, then accepts with that payment', async () => {
    const offer = makeOffer({ status: 'negotiating', currentAmount: '30.00', totalCharge: '35.00', actions: { accept: false, decline: true, counter: true, acceptCounter: true, cancel: true } });
    const payments = answerPayments({ userId: alice.id });
    const onAccept = vi.fn(async () => true);
    const { user } = renderApp(<Opened>{(close) => <AcceptOfferDialog offer={offer} counter topUpCents={500} onAccept={onAccept} onClose={close} />}</Opened>);
    const dialog = await screen.findByRole('dialog', { name: 'Accept Counter Offer' });
    expect(dialog).toHaveAccessibleDescription('bob countered with $30.00.');
    expect(within(dialog).getByTestId('offer-review-moves')).toHaveTextContent('You move from 11:00 AM to 10:00 AM.bob moves from 10:00 AM to 11:00 AM.');
    expect(within(dialog).getByTestId('offer-review-money')).toHaveTextContent('You pay$30.00 offer + $5.00 business fee$35.00bob receives$30.00 offer − $1.50 platform fee (5%)$28.50');
    expect(within(dialog).getByTestId('offer-review-note')).toHaveTextContent('Accepting swaps the appointments now, and the swap is final. $35.00 stays in escrow until both visits are done, then $28.50 is paid to bob.');
    const card = await within(dialog).findByLabelText('Card number');
    await user.clear(card);
    await user.type(card, '4000000000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onAccept).not.toHaveBeenCalled();
    await user.clear(card);
    await user.type(card, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and Accept' }));
    await screen.findByText('closed');
    expect(payments.authorized).toEqual(['5.00']);
    expect(onAccept).toHaveBeenCalledWith('pi_2_secret');
  });
});
