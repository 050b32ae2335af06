import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import { customerRegistrationFormSchema, registerSchema } from '@contract/auth';
import type { CreditTransaction } from '@contract/credits';
import type { Offer } from '@contract/offers';
import type { PublicStaffMember } from '@contract/staff';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import AppointmentsRoute from '@/routes/appointments';
import { inDays, makeAppointment, makeBusiness, makeOffer, makeUser, othersAppointment } from '@/test/fixtures';
import { answerPayments } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';

// My Appointments without a browser: the cards and what each allows, the reschedule and cancel dialogs,
// the filters, the credit and offers sections, and the signed-out view with its registration form.
// tests/e2e/appointments.e2e.ts reschedules and cancels through the real app.

const alice = makeUser();
const business = makeBusiness();
const first = inDays(3);
const next = inDays(4);

interface Account {
  appointments: Appointment[];
  transactions?: CreditTransaction[];
  credits?: { credits: string; pending: string };
  offers?: Offer[];
  /** GET /api/appointments/:id/offers: the offers tied to each appointment. */
  tied?: Record<number, Offer[]>;
  free?: Record<string, string[]>;
  /** The shop's members (one, the default: no "who" is asked) and, by member id, their own free times by date. */
  staff?: PublicStaffMember[];
  freeOf?: Record<number, Record<string, string[]>>;
}

/** The signed-in customer's data; PATCH /api/appointments/:id changes `appointments` as the server would. */
function answerAccount(account: Account) {
  signedInAs(alice);
  const patches = recorder<Record<string, unknown>>();
  server.use(
    http.get('/api/appointments', () => HttpResponse.json(account.appointments)),
    http.get(`/api/credits/${alice.id}`, () => HttpResponse.json({ userId: alice.id, credits: '0.00', pending: '0.00', ...account.credits })),
    http.get(`/api/credits/${alice.id}/transactions`, () => HttpResponse.json(account.transactions ?? [])),
    http.get('/api/wallet', () => HttpResponse.json({ credits: '0.00', pendingCredits: '0.00', heldInEscrow: '0.00', pendingIncoming: '0.00', earnings: '0.00' })),
    http.get('/api/queue-jump-offers', () => HttpResponse.json(account.offers ?? [])),
    http.get('/api/appointments/:id/offers', ({ params }) => HttpResponse.json(account.tied?.[Number(params.id)] ?? [])),
    http.get(`/api/businesses/${business.id}`, () => HttpResponse.json(business)),
    http.get('/api/available-slots', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const free = q.has('staffId') ? account.freeOf?.[Number(q.get('staffId'))] : account.free;
      return HttpResponse.json(free?.[q.get('date') ?? ''] ?? []);
    }),
    http.get(`/api/businesses/${business.id}/staff`, () => HttpResponse.json(account.staff ?? [{ id: 4, name: 'Ana', bio: '', serviceIds: [] }])),
    // each free start of the day and who is free then: from each member's own free times
    http.get(`/api/businesses/${business.id}/availability`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date') ?? '';
      const members = account.staff ?? [];
      const times = [...new Set(members.flatMap((m) => account.freeOf?.[m.id]?.[date] ?? []))].sort();
      return HttpResponse.json({ date, slots: times.map((time) => ({ time, staff: members.filter((m) => account.freeOf?.[m.id]?.[date]?.includes(time)).map((m) => ({ id: m.id, name: m.name })) })) });
    }),
    http.get('/api/businesses/:id/open-days', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '';
      return HttpResponse.json({ month, openDays: Object.keys(account.free ?? {}).filter((d) => d.startsWith(month) && account.free![d].length > 0).sort() });
    }),
    http.patch('/api/appointments/:id', async ({ request, params }) => {
      const change = await patches.take(request);
      const i = account.appointments.findIndex((a) => a.id === Number(params.id));
      account.appointments[i] = { ...account.appointments[i], ...change } as Appointment;
      return HttpResponse.json(account.appointments[i]);
    }),
  );
  return patches;
}

const card = (text: string) => screen.getAllByTestId('appointment-card').find((c) => c.textContent?.includes(text))!;

describe('My Appointments', () => {
  it('reschedules an appointment to another free time, Escape first closing the dialog', async () => {
    const appointment = makeAppointment({ date: first, time: '10:00', notes: 'Window seat', blockOffers: true });
    const patches = answerAccount({ appointments: [appointment], free: { [next]: ['09:00', '14:30'] } });
    const { user } = renderApp(<AppointmentsRoute />);
    await screen.findByRole('heading', { name: 'My Appointments', level: 1 });
    expect(screen.getByRole('link', { name: 'Book New Appointment' })).toHaveAttribute('href', '/businesses');
    const mine = await screen.findByTestId('appointment-card');
    // The shop's clock, named when this machine runs on another zone.
    for (const text of [formatLongDate(first), `${formatClock('10:00', 'America/New_York')} · 30 min`, 'Window seat', 'Offers Blocked - Protected time slot', '$25.00']) expect(within(mine).getByText(text, { exact: false })).toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    expect(dialog).toHaveAccessibleDescription('Classic Haircut at Downtown Barber Co.');
    // The current date is marked; days without free times are greyed out and say so.
    expect(within(dialog).getByText(`Now: ${formatLongDate(first)} at ${formatClock('10:00', 'America/New_York')} (marked on the calendar).`)).toBeInTheDocument();
    for (let i = 0; i < 2 && !dialog.querySelector(`[data-date="${first}"]`); i++) await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(dialog.querySelector(`[data-date="${first}"]`)?.getAttribute('aria-label')).toBe(`${formatLongDate(first)} (current), no free times`));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(mine).getByRole('button', { name: 'Reschedule' }));
    const again = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    expect(within(again).getByRole('button', { name: 'Confirm Reschedule' })).toBeDisabled();
    expect(within(again).getByText('Pick a new date and time')).toBeInTheDocument();
    // one member gives the service: no "who" is asked, and the move sends no staffId (below)
    await waitFor(() => expect(within(again).queryByRole('group', { name: 'Who' })).not.toBeInTheDocument());
    for (let i = 0; i < 2 && !again.querySelector(`[data-date="${next}"]`); i++) await user.click(within(again).getByRole('button', { name: 'Next month' }));
    await user.click(again.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)!);
    await user.click(await within(again).findByRole('button', { name: '2:30 PM' }));
    const halfPastTwo = formatClock('14:30', 'America/New_York');
    expect(within(again).getByText((text) => text.endsWith(halfPastTwo), { selector: 'span' })).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Confirm Reschedule' }));
    await expectToast('Appointment Rescheduled', `Now on ${formatLongDate(next)} at ${halfPastTwo}.`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches.bodies).toEqual([{ date: next, time: '14:30' }]);
    await waitFor(() => expect(screen.getByTestId('appointment-card')).toHaveTextContent(formatLongDate(next)));
  });

  it("asks who where two or more members give the service: the customer's member kept, another by name, or anyone with who is free then", async () => {
    const staff = [{ id: 4, name: 'Ana', bio: '', serviceIds: [] }, { id: 5, name: 'Ben', bio: '', serviceIds: [] }];
    const appointment = makeAppointment({ date: first, time: '10:00', staffId: 4, staffName: 'Ana', staffRequested: true });
    const patches = answerAccount({
      appointments: [appointment], staff,
      free: { [next]: ['09:00', '11:00', '14:30'] },
      freeOf: { 4: { [next]: ['09:00'] }, 5: { [next]: ['11:00', '14:30'] } },
    });
    const { user } = renderApp(<AppointmentsRoute />);
    await user.click(within(await screen.findByTestId('appointment-card')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    const who = await within(dialog).findByRole('group', { name: 'Who' });
    // Ana, the customer's member, is kept unless they choose again
    expect(within(who).getByRole('radio', { name: /^Ana/ })).toBeChecked();
    for (let i = 0; i < 2 && !dialog.querySelector(`[data-date="${next}"]`); i++) await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)!);
    await within(dialog).findByText(`Available times on ${formatLongDate(next)} with Ana`);
    expect(within(within(dialog).getByRole('group', { name: 'Available times' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM']);
    // each member says when they are next free that day
    await waitFor(() => expect(within(who).getByRole('radio', { name: /^Ben · next free 11:00 AM/ })).toBeInTheDocument());

    // Ben: his own times
    await user.click(within(who).getByRole('radio', { name: /^Ben/ }));
    await within(dialog).findByText(`Available times on ${formatLongDate(next)} with Ben`);
    await waitFor(() => expect(within(within(dialog).getByRole('group', { name: 'Available times' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['11:00 AM', '2:30 PM']));

    // Anyone: every free time, and who is free at the one chosen
    await user.click(within(who).getByRole('radio', { name: /^Anyone/ }));
    await waitFor(() => expect(within(within(dialog).getByRole('group', { name: 'Available times' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM', '11:00 AM', '2:30 PM']));
    await user.click(within(dialog).getByRole('button', { name: '9:00 AM' }));
    expect(await within(dialog).findByTestId('reschedule-with')).toHaveTextContent('With Ana');
    await user.click(within(dialog).getByRole('button', { name: '11:00 AM' }));
    expect(await within(dialog).findByTestId('reschedule-with')).toHaveTextContent('With Ben');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    await waitFor(() => expect(patches.bodies).toEqual([{ date: next, time: '11:00', staffId: null }]));
  });

  it('sends the member chosen by name, and the toast names who serves it', async () => {
    const staff = [{ id: 4, name: 'Ana', bio: '', serviceIds: [] }, { id: 5, name: 'Ben', bio: '', serviceIds: [] }];
    const patches = answerAccount({ appointments: [makeAppointment({ date: first, staffId: 4, staffName: 'Ana' })], staff, freeOf: { 5: { [next]: ['11:00'] } } });
    server.use(http.patch('/api/appointments/:id', async ({ request }) => {
      await patches.take(request);
      return HttpResponse.json(makeAppointment({ date: next, time: '11:00', staffId: 5, staffName: 'Ben', staffRequested: true }));
    }));
    const { user } = renderApp(<AppointmentsRoute />);
    await user.click(within(await screen.findByTestId('appointment-card')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    await user.click(within(await within(dialog).findByRole('group', { name: 'Who' })).getByRole('radio', { name: /^Ben/ }));
    for (let i = 0; i < 2 && !dialog.querySelector(`[data-date="${next}"]`); i++) await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)!);
    await user.click(await within(dialog).findByRole('button', { name: '11:00 AM' }));
    expect(within(dialog).getByTestId('reschedule-with')).toHaveTextContent('With Ben');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    await expectToast('Appointment Rescheduled', `Now on ${formatLongDate(next)} at ${formatClock('11:00', 'America/New_York')} with Ben.`);
    expect(patches.bodies).toEqual([{ date: next, time: '11:00', staffId: 5 }]);
  });

  it('says why a reschedule failed and keeps the dialog open', async () => {
    answerAccount({ appointments: [makeAppointment({ date: first, staffId: 4, staffName: 'Ana', staffRequested: true })], free: { [next]: ['09:00'] } });
    server.use(http.patch('/api/appointments/:id', () => apiError(409, 'That time was just taken', 'SLOT_TAKEN')));
    const { user } = renderApp(<AppointmentsRoute />);
    await user.click(within(await screen.findByTestId('appointment-card')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    // Who serves it is named with what is moved.
    expect(dialog).toHaveAccessibleDescription('Classic Haircut with Ana at Downtown Barber Co.');
    for (let i = 0; i < 2 && !dialog.querySelector(`[data-date="${next}"]`); i++) await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)!);
    await user.click(await within(dialog).findByRole('button', { name: '9:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    await expectToast('Reschedule Failed', 'That time was just taken');
    expect(screen.getByRole('dialog', { name: 'Reschedule Appointment' })).toBeInTheDocument();
  });

  it('cancels only after asking; a cancelled appointment allows nothing more; the filters find it', async () => {
    const appointments = [makeAppointment({ id: 101, date: first, time: '10:00' }), makeAppointment({ id: 102, date: next, time: '16:00', serviceName: 'Beard Trim' })];
    const patches = answerAccount({ appointments });
    const { user } = renderApp(<AppointmentsRoute />);
    await screen.findAllByTestId('appointment-card');
    await user.click(within(card('Beard Trim')).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(confirm).toHaveAccessibleDescription(`Beard Trim at Downtown Barber Co. on ${formatLongDate(next)} at 4:00 PM will be cancelled. This cannot be undone.`);
    await user.click(within(confirm).getByRole('button', { name: 'Keep Appointment' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches.bodies).toEqual([]);

    await user.click(within(card('Beard Trim')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Appointment' }));
    await expectToast('Appointment Cancelled', `Beard Trim on ${formatLongDate(next)} was cancelled.`);
    expect(patches.bodies).toEqual([{ status: 'cancelled' }]);
    await waitFor(() => expect(within(card('Beard Trim')).getByText('cancelled')).toBeInTheDocument());
    for (const name of ['Reschedule', 'Move Back', 'Cancel']) expect(within(card('Beard Trim')).getByRole('button', { name })).toBeDisabled();
    // Listed under past and cancelled, after the upcoming one.
    expect(screen.getByRole('heading', { name: /Upcoming/ })).toHaveTextContent('Upcoming (1)');
    expect(screen.getByRole('heading', { name: /Past and cancelled/ })).toHaveTextContent('(1)');

    // Filters: by status and by date; one 'Clear filters' button, beside them.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(1);
    expect(card('Beard Trim')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Date'), inDays(400));
    expect(screen.getByText('No appointments match these filters')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(2);
    expect(screen.getByLabelText('Status')).toHaveValue('all');
  });

  it('says who serves each appointment where the shop has staff, and nothing for the member named after the shop', async () => {
    answerAccount({
      appointments: [
        makeAppointment({ id: 101, date: first, staffId: 21, staffName: 'Marco', staffRequested: true }),
        makeAppointment({ id: 102, date: next, time: '11:00', serviceName: 'Beard Trim', staffId: 1, staffName: 'Downtown Barber Co.' }),
      ],
    });
    renderApp(<AppointmentsRoute />);
    await screen.findAllByTestId('appointment-card');
    expect(within(card('Classic Haircut')).getByTestId('appointment-staff')).toHaveTextContent('with Marco');
    expect(card('Classic Haircut')).toHaveTextContent('Downtown Barber Co. · with Marco');
    expect(within(card('Beard Trim')).queryByTestId('appointment-staff')).not.toBeInTheDocument();
  });

  it('a pending table offer’s reservation can only be cancelled, and says why', async () => {
    answerAccount({ appointments: [makeAppointment({ status: 'pending', businessType: 'restaurant', serviceName: 'Table reservation', partySize: 2, price: '0.00' })] });
    renderApp(<AppointmentsRoute />);
    const pending = await screen.findByTestId('appointment-card');
    expect(within(pending).getByText('Waiting for the answer to your table offer: it can be moved once the offer is accepted.')).toBeInTheDocument();
    expect(within(pending).getByText('2 guests')).toBeInTheDocument();
    expect(within(pending).getByText('Free')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(within(pending).getByRole('button', { name: 'Move Back' })).toBeDisabled();
    expect(within(pending).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a new customer: empty states, then a booking’s $1.00 pending credit, then voided', async () => {
    const account: Account = { appointments: [] };
    answerAccount(account);
    const first$ = renderApp(<AppointmentsRoute />);
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Businesses' })).toHaveAttribute('href', '/businesses');
    expect(await screen.findByText('No credit transactions yet')).toBeInTheDocument();
    expect(screen.getByText('No queue-jump offers yet')).toBeInTheDocument();
    first$.unmount();

    account.appointments = [makeAppointment()];
    account.credits = { credits: '0.00', pending: '1.00' };
    account.transactions = [{ id: 1, transactionType: 'booking', description: 'Booking credit', amount: '1.00', status: 'pending', createdAt: new Date().toISOString() }];
    const second = renderApp(<AppointmentsRoute />);
    expect(await screen.findByTestId('credit-summary')).toHaveTextContent('$0.00 available · $1.00 pending until your appointment is completed');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('$0.00');
    const entry = screen.getByTestId('credit-transaction');
    expect(entry).toHaveAttribute('data-status', 'pending');
    expect(entry).toHaveTextContent('+$1.00');
    expect(within(entry).getByText('Pending')).toBeInTheDocument();
    second.unmount();

    account.credits = { credits: '0.00', pending: '0.00' };
    account.transactions = [{ ...account.transactions[0], amount: '0.00', status: 'voided' }];
    renderApp(<AppointmentsRoute />);
    expect(await screen.findByText('Not earned')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-summary')).not.toBeInTheDocument();
  });

  it('tells a business account these are its own bookings and links to the business’s', async () => {
    answerAccount({ appointments: [] });
    signedInAs(makeUser({ id: 7, username: 'owner', userType: 'business', businessId: 1 }));
    renderApp(<AppointmentsRoute />);
    const note = await screen.findByTestId('business-account-note');
    expect(note).toHaveTextContent('a business account. This page lists the bookings you made yourself');
    expect(within(note).getByRole('link', { name: 'Business appointments' })).toHaveAttribute('href', '/business-dashboard?tab=appointments');
  });
});

describe('the offers on My Appointments', () => {
  const incoming = makeOffer({ id: 601, direction: 'incoming', actions: { accept: true, decline: true, counter: true, acceptCounter: false, cancel: false } });
  const outgoing = makeOffer({
    id: 602, status: 'negotiating', negotiationRound: 1, counterOfferAmount: '30.00', currentAmount: '30.00', totalCharge: '35.00', heldAmount: '30.00',
    counterOfferMessage: 'Make it thirty and it is yours.', actions: { accept: false, decline: true, counter: true, acceptCounter: true, cancel: true },
  });

  it('lists incoming and outgoing offers with their money, expiry and exactly the actions allowed', async () => {
    answerAccount({ appointments: [], offers: [incoming, outgoing, makeOffer({ id: 603, status: 'negotiating', waitingForResponse: true, actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: true } })] });
    renderApp(<AppointmentsRoute />);
    const received = within(await screen.findByRole('region', { name: 'Incoming' })).getByTestId('offer-card');
    expect(within(received).getByText('Pending')).toBeInTheDocument();
    expect(within(received).getByTestId('offer-total')).toHaveTextContent('Their total charge$30.00');
    expect(within(received).getByTestId('offer-receives')).toHaveTextContent('You receive$23.75');
    expect(within(received).getByText(/Expires in (23|24) hours/)).toBeInTheDocument();
    expect(within(received).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Negotiate', 'Decline']);

    const sent = within(screen.getByRole('region', { name: 'Outgoing' })).getAllByTestId('offer-card');
    const negotiating = sent.find((c) => c.getAttribute('data-offer-id') === '602')!;
    expect(within(negotiating).getByText('Negotiating')).toBeInTheDocument();
    expect(within(negotiating).getByText('Make it thirty and it is yours.')).toBeInTheDocument();
    expect(within(negotiating).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept Counter', 'Negotiate', 'Decline', 'Cancel Offer']);
    const waiting = sent.find((c) => c.getAttribute('data-offer-id') === '603')!;
    expect(within(waiting).getByText('Waiting for response to your counter offer...')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Accept Counter' })).not.toBeInTheDocument();
  });

  it('accepting a raised card counter asks for the difference first; Negotiate opens the counter dialog', async () => {
    answerAccount({ appointments: [], offers: [incoming, outgoing] });
    answerPayments({ userId: alice.id });
    const { user } = renderApp(<AppointmentsRoute />);
    const negotiating = within(await screen.findByRole('region', { name: 'Outgoing' })).getByTestId('offer-card');
    await user.click(within(negotiating).getByRole('button', { name: 'Accept Counter' }));
    const topUp = await screen.findByRole('dialog', { name: 'Accept Counter Offer' });
    // Confirmed first: who moves where and the money, then the card for the difference.
    expect(within(topUp).getByTestId('offer-review-moves')).toHaveTextContent('You move from 11:00 AM to 10:00 AM.bob moves from 10:00 AM to 11:00 AM.');
    expect(within(topUp).getByRole('button', { name: 'Pay $5.00 and Accept' })).toBeInTheDocument();
    await user.click(within(topUp).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('region', { name: 'Incoming' })).getByRole('button', { name: 'Negotiate' }));
    expect(await screen.findByRole('dialog', { name: 'Negotiate Offer' })).toHaveAccessibleDescription('Current amount $25.00 · no counter-offers yet');
  });
});

describe('accepting and accepted offers on My Appointments', () => {
  const incoming = makeOffer({
    id: 611, direction: 'incoming', counterpartName: 'alice', actions: { accept: true, decline: true, counter: true, acceptCounter: false, cancel: false },
    from: othersAppointment({ id: 102, date: first, time: '11:00' }), to: makeAppointment({ id: 101, date: first, time: '09:00' }),
  });

  it('an Accept is confirmed first with the swap and the money; Not now sends nothing', async () => {
    answerAccount({ appointments: [], offers: [incoming] });
    const accepts = recorder<Record<string, unknown>>();
    server.use(http.post('/api/queue-jump-offers/:id/accept', async ({ request }) => (await accepts.take(request), HttpResponse.json({ ...incoming, status: 'accepted' }))));
    const { user } = renderApp(<AppointmentsRoute />);
    const received = within(await screen.findByRole('region', { name: 'Incoming' })).getByTestId('offer-card');
    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Offer' });
    expect(dialog).toHaveAccessibleDescription('alice offers $25.00 to swap with your 9:00 AM.');
    expect(within(dialog).getByTestId('offer-review-moves')).toHaveTextContent('You move from 9:00 AM to 11:00 AM.alice moves from 11:00 AM to 9:00 AM.');
    expect(within(dialog).getByTestId('offer-review-money')).toHaveTextContent('You receive$25.00 offer − $1.25 platform fee (5%)$23.75alice pays$25.00 offer + $5.00 business fee$30.00');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accepts.bodies).toEqual([]);

    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Accept Offer' })).getByRole('button', { name: 'Accept and Swap' }));
    await expectToast('Offer Accepted');
    expect(accepts.bodies).toEqual([{}]);
  });

  it('an accepted offer reads what happened, not who sent what', async () => {
    const done = { status: 'accepted' as const, currentAmount: '38.00', totalCharge: '43.00', recipientReceives: '36.10', actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: false } };
    const bought = makeOffer({ id: 621, ...done, from: makeAppointment({ id: 102, date: first, time: '09:00' }), to: othersAppointment({ id: 101, date: first, time: '11:00' }) });
    const sold = makeOffer({ id: 622, direction: 'incoming', counterpartName: 'alice', ...done, escrowStatus: 'released', from: othersAppointment({ id: 104, date: first, time: '08:00' }), to: makeAppointment({ id: 103, date: first, time: '10:00' }) });
    answerAccount({ appointments: [], offers: [bought, sold] });
    renderApp(<AppointmentsRoute />);
    const outgoing = within(await screen.findByRole('region', { name: 'Outgoing' })).getByTestId('offer-card');
    expect(within(outgoing).getByTestId('offer-outcome')).toHaveTextContent('You moved to 9:00 AM; bob moved to 11:00 AM.$43.00 held until both visits are done.');
    expect(within(outgoing).queryByText(/Sender/)).not.toBeInTheDocument();
    const received = within(screen.getByRole('region', { name: 'Incoming' })).getByTestId('offer-card');
    expect(within(received).getByTestId('offer-outcome')).toHaveTextContent('alice moved to 8:00 AM; you moved to 10:00 AM.$36.10 paid to you.');
  });
});

describe('offers in plain words', () => {
  it('says who offers what for which slot, without jargon or usernames, and names the viewer’s own service once accepted', async () => {
    const live = makeOffer({
      id: 631, direction: 'incoming', counterpartName: '', negotiationRound: 1, actions: { accept: true, decline: true, counter: true, acceptCounter: false, cancel: false },
      from: othersAppointment({ id: 132, date: first, time: '10:00' }), to: makeAppointment({ id: 131, date: first, time: '14:00' }),
    });
    const accepted = makeOffer({
      id: 632, status: 'accepted', counterpartName: 'Bob J.', actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: false },
      from: makeAppointment({ id: 133, date: first, time: '14:00', serviceName: 'Cut & beard' }), to: othersAppointment({ id: 134, date: first, time: '10:00', serviceName: 'Haircut' }),
    });
    answerAccount({ appointments: [], offers: [live, accepted] });
    renderApp(<AppointmentsRoute />);
    const card = within(await screen.findByRole('region', { name: 'Incoming' })).getByTestId('offer-card');
    expect(within(card).getByTestId('offer-headline')).toHaveTextContent('Someone in the 10:00 AM slot offers you $25.00 to swap with your 2:00 PM.');
    expect(card).toHaveTextContent('Offer to you · Earlier time');
    expect(card).toHaveTextContent('Paid by card');
    for (const jargon of [/Sender/i, /Recipient/i, /Round \d/, /Escrow:/, /^Card$/]) expect(within(card).queryByText(jargon)).not.toBeInTheDocument();
    expect(within(card).getByText('Their appointment')).toBeInTheDocument();
    expect(within(card).getByText('Your appointment')).toBeInTheDocument();
    const done = within(screen.getByRole('region', { name: 'Outgoing' })).getByTestId('offer-card');
    expect(within(done).getByTestId('offer-outcome')).toHaveTextContent(/^Cut & beard at /);
    expect(within(done).getByTestId('offer-outcome')).toHaveTextContent('You moved to 2:00 PM; Bob J. moved to 10:00 AM.');
  });
});

describe('My Appointments, signed out', () => {
  it('offers sign-in, and validates the inline registration before creating the account', async () => {
    const sent = recorder<Record<string, unknown>>();
    server.use(
      http.post('/api/register', async ({ request }) => {
        const body = registerSchema.parse(await sent.take(request));
        if (body.username === 'alice') return apiError(409, 'That username is already taken', 'CONFLICT');
        const created = makeUser({ username: body.username, email: body.email });
        answerAccount({ appointments: [] });
        signedInAs(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderApp(<AppointmentsRoute />);
    await screen.findByRole('heading', { name: 'My Appointments' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?redirect=/appointments');
    for (const benefit of ['Manage your appointments', 'Earn Que Credit', 'Skip the line', 'Email confirmations']) expect(screen.getByText(benefit)).toBeInTheDocument();

    // The password rule is stated before anything is typed, and read with the field.
    expect(screen.getByText('At least 8 characters, and not a common password.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters, and not a common password.');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // The refusal names the rule it broke; the rule stays in view.
    expect(await screen.findByText('Password must not be a common password: this one is on the list of the most used. Choose a less guessable one.')).toBeInTheDocument();
    expect(screen.getByText('At least 8 characters, and not a common password.')).toBeVisible();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'plum-orchard-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'plum-orchard-43');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'alice-again@example.com');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'plum-orchard-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration failed', 'That username is already taken');

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'newcomer');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Account created successfully!', 'Welcome to Que, newcomer.');
    // Signed in at once: the page becomes the customer's own.
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(sent.bodies.at(-1)).toEqual({ username: 'newcomer', email: 'alice-again@example.com', password: 'plum-orchard-42', userType: 'customer' });
    expect(customerRegistrationFormSchema.safeParse({ ...sent.bodies.at(-1), confirmPassword: 'plum-orchard-42' }).success).toBe(true);
  });
});
