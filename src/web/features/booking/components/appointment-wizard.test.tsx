import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime12h } from '@contract/time';
import { formatLongDate } from '@/components/ui/calendar';
import { wallClockAt } from '@/lib/business-time';
import BookRoute from '@/routes/book';
import { inDays, makeAppointment, makeBusiness, makeService, makeUser } from '@/test/fixtures';
import { answerBusiness } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, server, signedInAs } from '@/test/server';

// The four-step appointment flow's rules, without a browser: what each step shows and allows, what the
// form sends, and where a failure leads (tests/e2e/booking.e2e.ts books through the real app).

const business = makeBusiness();
const haircut = makeService();
const shave = makeService({ id: 12, name: 'Hot Towel Shave', duration: 45, price: '30.00', description: '' });
const alice = makeUser();
const day = inDays(2);

const book = (path = `/book/${business.id}`) => renderApp(<BookRoute />, { path, route: path.startsWith('/book/') ? '/book/:businessId' : '/book-appointment' });
const day$ = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);

/** The details step once the session is known (it remounts then, to prefill the account's e-mail). */
const signedInDetails = () => waitFor(() => expect(screen.getByLabelText('Email')).not.toHaveValue(''));

async function chooseDayAndTime(user: ReturnType<typeof book>['user'], date: string, time: string) {
  for (let i = 0; i < 2 && !day$(date); i++) await user.click(screen.getByRole('button', { name: 'Next month' }));
  await user.click(day$(date)!);
  await user.click(await screen.findByRole('button', { name: formatTime12h(time) }));
}

describe('booking an appointment', () => {
  it('walks service, date and time, details and confirmation, sending what was typed', async () => {
    signedInAs(alice);
    const booked = answerBusiness(business, [haircut, shave], { [day]: ['09:00', '09:30', '16:00'] });
    const { user } = book();

    // Step 1: every service with price and duration.
    await screen.findByRole('heading', { name: 'Select a service' });
    await waitFor(() => expect(document.title).toBe(`Book an appointment – ${business.businessName} – Que`));
    const haircutButton = screen.getByRole('button', { name: /Classic Haircut/ });
    expect(haircutButton).toHaveTextContent('$25.00');
    expect(haircutButton).toHaveTextContent('30 minutes');
    expect(screen.getByRole('button', { name: /Hot Towel Shave/ })).toHaveTextContent('45 minutes');
    await user.click(haircutButton);

    // Step 2: focus moves to the step's heading; the tab names the service; the calendar allows today..today+30
    // and opens on the first day with free times, whose times show before anything is tapped.
    const step2 = await screen.findByRole('heading', { name: 'Select date and time' });
    await waitFor(() => expect(step2).toHaveFocus());
    expect(document.title).toBe(`Book Classic Haircut – ${business.businessName} – Que`);
    expect(day$(inDays(-1))?.getAttribute('aria-disabled') ?? 'true').toBe('true');
    // A day inside the window without free times is greyed out and says why; the day with times is not.
    await waitFor(() => expect(day$(inDays(0))).toHaveAttribute('aria-disabled', 'true'));
    expect(day$(inDays(0))!.getAttribute('aria-label')).toMatch(/, no free times$/);
    expect(day$(day)).not.toHaveAttribute('aria-disabled');
    await waitFor(() => expect(day$(day)).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
    expect(screen.queryByText('Pick a date to see the available times.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    for (let i = 0; i < 2 && !day$(inDays(31)); i++) await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(day$(inDays(31))?.getAttribute('aria-disabled') ?? 'true').toBe('true');
    // Inside the window but with no free times: greyed out for that reason, not for the window's.
    await waitFor(() => expect(day$(inDays(30))?.getAttribute('aria-label')).toMatch(/, no free times$/));
    expect(day$(inDays(31))?.getAttribute('aria-label') ?? '').not.toMatch(/no free times/);

    // 'Change service' goes back to step 1, focused.
    await user.click(screen.getByRole('button', { name: 'Change service' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Select a service' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: /Classic Haircut/ }));
    await chooseDayAndTime(user, day, '09:30');
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(`Selected: ${formatLongDate(day)} at 9:30 AM`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 3: the summary; the e-mail is the account's, the name is never guessed from the username.
    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.queryByText(/You are not signed in/)).not.toBeInTheDocument();
    for (const text of ['Classic Haircut', formatLongDate(day), '9:30 AM', '30 minutes', '$25.00']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(booked.bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Full name'), 'Alice Example');
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByLabelText('Notes (optional)'));
    // Checked as the field is left, at the field, before anything is sent.
    expect(await screen.findByText(/^Phone is not a valid phone number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/Phone is not a valid phone number/);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '(212) 555-0100');
    await waitFor(() => expect(screen.queryByText(/^Phone is not a valid phone number/)).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Notes (optional)'), 'First visit');
    await user.click(screen.getByRole('checkbox', { name: 'Block queue jump and move back offers for this appointment' }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));

    // Step 4: the confirmation; what was sent is what was typed.
    const confirmation = await screen.findByRole('region', { name: 'Appointment Booked!' });
    await expectToast('Appointment Booked!', `Classic Haircut at ${business.businessName} is confirmed.`);
    for (const text of ['Classic Haircut', formatLongDate(day), '9:30 AM', '30 minutes']) expect(within(confirmation).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse More Businesses' })).toHaveAttribute('href', '/businesses');
    expect(booked.bodies).toEqual([
      { businessId: 1, serviceId: 11, date: day, time: '09:30', customerName: 'Alice Example', customerEmail: 'alice@example.com', customerPhone: '+12125550100', notes: 'First visit', blockOffers: true },
    ]);

    // 'Book Another Appointment' starts over with nothing chosen, and the booked time is gone.
    await user.click(screen.getByRole('button', { name: 'Book Another Appointment' }));
    await screen.findByRole('heading', { name: 'Select a service' });
    expect(screen.getByRole('button', { name: /Classic Haircut/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: /Classic Haircut/ }));
    for (let i = 0; i < 2 && !day$(day); i++) await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(day$(day)!);
    await screen.findByRole('button', { name: '9:00 AM' });
    expect(screen.queryByRole('button', { name: '9:30 AM' })).not.toBeInTheDocument();
  });

  it("prefills the profile's name and phone, and says where they came from", async () => {
    signedInAs(makeUser({ fullName: 'Alice Example', phone: '+12125550142' }));
    const booked = answerBusiness(business, [haircut], { [day]: ['16:00'] });
    const { user } = book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    await screen.findByRole('heading', { name: 'Your details' });
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Alice Example'));
    expect(screen.getByLabelText('Phone')).toHaveValue('(212) 555-0142');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.getByTestId('contact-note')).toHaveTextContent('Your name and phone are filled in from your profile.');
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/account');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('region', { name: 'Appointment Booked!' });
    expect(booked.bodies[0]).toMatchObject({ customerName: 'Alice Example', customerPhone: '+12125550142', customerEmail: 'alice@example.com' });
  });

  it('tells a customer without a saved name and phone that these are kept for next time', async () => {
    signedInAs(alice);
    answerBusiness(business, [haircut], { [day]: ['16:00'] });
    book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    await signedInDetails();
    expect(screen.getByTestId('contact-note')).toHaveTextContent('The name and phone you book with are saved to your profile for next time.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/such as \(212\) 555-0142/);
  });

  it('opens a link with service, date and time at the details step; a date alone waits for the time', async () => {
    signedInAs(alice);
    answerBusiness(business, [haircut, shave], { [day]: ['09:00', '16:00'] });
    const { user, unmount } = book(`/book-appointment?businessId=1&serviceId=12&date=${day}`);
    await screen.findByRole('heading', { name: 'Select date and time' });
    expect(day$(day)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Hot Towel Shave')).toBeInTheDocument();
    // The calendar works from the keyboard: arrows move between days, Enter picks one.
    day$(day)!.focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(day$(inDays(1))).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(day$(day)).toHaveAttribute('aria-pressed', 'true'));
    await screen.findByRole('button', { name: '4:00 PM' });
    unmount();

    book(`/book-appointment?businessId=1&serviceId=12&date=${day}&time=16:00`);
    await screen.findByRole('heading', { name: 'Your details' });
    for (const text of ['Hot Towel Shave', formatLongDate(day), '4:00 PM', '$30.00']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  });

  it('ignores a link date outside the booking window', async () => {
    answerBusiness(business, [haircut], {});
    book(`/book-appointment?businessId=1&serviceId=11&date=${inDays(45)}&time=09:00`);
    await screen.findByRole('heading', { name: 'Select date and time' });
    expect(screen.getByText('Pick a date to see the available times.')).toBeInTheDocument();
  });

  it('sends a taken slot back to the refreshed list of times with the server’s words', async () => {
    signedInAs(alice);
    const free = { [day]: ['09:00', '16:00'] };
    answerBusiness(business, [haircut], free);
    const { user } = book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    await screen.findByRole('heading', { name: 'Your details' });
    await signedInDetails();
    free[day] = ['09:00']; // someone else books 16:00 meanwhile
    await user.type(screen.getByLabelText('Full name'), 'Alice Example');
    await user.type(screen.getByLabelText('Phone'), '212-555-0101');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectToast('Booking Failed', 'That time is no longer available');
    await screen.findByRole('heading', { name: 'Select date and time' });
    await screen.findByRole('button', { name: '9:00 AM' });
    expect(screen.queryByRole('button', { name: '4:00 PM' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('sends a time the customer is booked elsewhere back to the times, naming the booking in the way', async () => {
    signedInAs(alice);
    answerBusiness(business, [haircut], { [day]: ['09:00', '16:00'] });
    const elsewhere = 'alice already has a booking then: Cleaning at Bright Dental, 4:00 PM, Friday, November 27 (New York time). Nobody can be in two places at once: cancel or move one of them first.';
    server.use(http.post('/api/appointments', () => apiError(409, elsewhere, 'OVERLAPS_YOUR_BOOKING')));
    const { user } = book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    await screen.findByRole('heading', { name: 'Your details' });
    await signedInDetails();
    await user.type(screen.getByLabelText('Full name'), 'Alice Example');
    await user.type(screen.getByLabelText('Phone'), '212-555-0101');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectToast('Booking Failed', elsewhere);
    await screen.findByRole('heading', { name: 'Select date and time' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('keeps a signed-out visitor’s details for after login and sends them there with their choice', async () => {
    answerBusiness(business, [haircut], { [day]: ['16:00'] });
    const { user, location } = book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    await screen.findByText('You are not signed in. You will be asked to log in when you book.');
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Phone'), '(212) 555-0123');
    await user.type(screen.getByLabelText('Notes (optional)'), 'Please use the side door');
    await user.click(screen.getByRole('checkbox', { name: /Block queue jump/ }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectToast('Authentication Required', 'Please log in to book an appointment.');
    await waitFor(() => expect(location()).toMatch(/^\/login\?redirect=/));
    const redirect = new URL(decodeURIComponent(location().split('redirect=')[1]), 'http://x');
    expect(redirect.pathname).toBe('/book-appointment');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ businessId: '1', serviceId: '11', date: day, time: '16:00' });
  });

  it('brings a saved draft back once signed in, and forgets it once booked', async () => {
    sessionStorage.setItem(
      'que:booking-draft:1',
      JSON.stringify({ savedAt: Date.now(), draft: { details: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', customerPhone: '+12125550123', notes: 'Side door', blockOffers: true }, serviceId: 11, date: day, time: '16:00' } }),
    );
    signedInAs(makeUser({ username: 'bob', email: 'bob@example.com' }));
    const booked = answerBusiness(business, [haircut], { [day]: ['16:00'] });
    // The link lost its choice (a plain /book/1): the draft brings it back too.
    const { user } = book();
    await screen.findByRole('heading', { name: 'Your details' });
    await waitFor(() => expect(screen.queryByText(/You are not signed in/)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Full name')).toHaveValue('Grace Hopper');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('(212) 555-0123');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('Side door');
    expect(screen.getByRole('checkbox', { name: /Block queue jump/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('region', { name: 'Appointment Booked!' });
    expect(booked.bodies[0]).toMatchObject({ customerName: 'Grace Hopper', notes: 'Side door', blockOffers: true });
    expect(sessionStorage.getItem('que:booking-draft:1')).toBeNull();
    // Starting over offers nothing of the booked draft: an empty name, the account's e-mail.
    await user.click(screen.getByRole('button', { name: 'Book Another Appointment' }));
    expect(sessionStorage.getItem('que:booking-draft:1')).toBeNull();
  });

  it('says so for an unknown business, a restaurant, and a day without free times', async () => {
    server.use(http.get('/api/businesses/999999', () => apiError(404, 'Business not found', 'NOT_FOUND')), http.get('/api/businesses/999999/services', () => apiError(404, 'Business not found', 'NOT_FOUND')),
      // the waitlist panel's staff choice is fetched beside the business and its services
      http.get('/api/businesses/999999/staff', () => apiError(404, 'Business not found', 'NOT_FOUND')));
    const first = book('/book/999999');
    await screen.findByText('Business not found.');
    expect(document.title).toBe('Business not found – Que');
    first.unmount();
    const second = book('/book/abc');
    await screen.findByText('Business not found.');
    second.unmount();

    const restaurant = makeBusiness({ id: 5, businessName: 'Trattoria Bella', businessType: 'restaurant', category: 'Restaurant' });
    answerBusiness(restaurant, [], {});
    const third = book('/book/5');
    await screen.findByText('Trattoria Bella takes table reservations');
    expect(screen.getByRole('link', { name: 'Make Reservation' })).toHaveAttribute('href', '/restaurant/5');
    third.unmount();

    answerBusiness(business, [haircut], {});
    book(`/book-appointment?businessId=1&serviceId=11&date=${day}`);
    await screen.findByText('No available slots for this date');
    // Nothing free in the coming weeks, and no offer can be made (signed out): no dead-end button.
    expect(await screen.findByText('No free times in the coming weeks.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip the line' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the earliest available appointments' })).toHaveAttribute('href', '/quick-booking');
  });

  it("states the service's policies before booking, and shows no offer choices where the swap market is off", async () => {
    signedInAs(alice);
    const strict = makeBusiness({ policies: { ...business.policies, minNoticeMinutes: 120, cancelCutoffMinutes: 1440, swapMarket: false } });
    const strictCut = makeService({ policies: { rescheduleCutoffMinutes: 60 } });
    answerBusiness(strict, [strictCut], { [day]: ['09:00', '16:00'] });
    book(`/book-appointment?businessId=1&serviceId=11&date=${day}&time=16:00`);
    const policies = await screen.findByRole('region', { name: 'Booking policies' });
    expect(within(policies).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Needs 2 h notice', 'Free cancellation until 24 h before', 'Rescheduling until 1 h before',
    ]);
    expect(screen.queryByRole('checkbox', { name: /Block queue jump/ })).not.toBeInTheDocument();
  });

  it('says before booking that a time inside the cancel cut-off cannot be cancelled or rescheduled once booked', async () => {
    signedInAs(alice);
    // About three hours from now on the business's clock, on the half hour (any hour of the day: it may be tomorrow).
    const soon = wallClockAt(Math.ceil((Date.now() + 3 * 3_600_000) / 1_800_000) * 1_800_000, business.timeZone);
    const strict = makeBusiness({ policies: { ...business.policies, cancelCutoffMinutes: 1440 } });
    answerBusiness(strict, [haircut], { [soon.date]: [soon.time], [day]: ['16:00'] });
    const first = book(`/book-appointment?businessId=1&serviceId=11&date=${soon.date}&time=${soon.time}`);
    expect(await screen.findByTestId('inside-cutoff')).toHaveTextContent(
      'This time is already inside its 24 h cut-off: once booked, you cannot cancel or reschedule it online. To change it, contact the business.',
    );
    first.unmount();
    // Two days ahead is outside it: nothing extra to say.
    book(`/book-appointment?businessId=1&serviceId=11&date=${inDays(3)}&time=16:00`);
    await screen.findByRole('region', { name: 'Booking policies' });
    expect(screen.queryByTestId('inside-cutoff')).not.toBeInTheDocument();
  });

  it('a full day offers the next day with a free time, which one tap opens; Skip the line only where an offer can work', async () => {
    signedInAs(alice);
    const full = inDays(3);
    const next = inDays(5);
    answerBusiness(business, [haircut], { [full]: [], [next]: ['10:00', '10:30'] });
    const { user, unmount } = book(`/book-appointment?businessId=1&serviceId=11&date=${full}`);
    await screen.findByText('No available slots for this date');
    // Nobody's appointment that day can take an offer from alice (she has none there to swap): no Skip the line.
    await user.click(await screen.findByRole('button', { name: `Next free day: ${formatLongDate(next)}` }));
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toBeInTheDocument();
    expect(day$(next)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Skip the line' })).not.toBeInTheDocument();
    unmount();

    // Alice holds 2:00 PM that full day and bob 10:00 AM, open to offers: now an offer can work.
    server.use(http.get('/api/appointments', () => HttpResponse.json([
      makeAppointment({ id: 51, date: full, time: '14:00', isMine: true }),
      makeAppointment({ id: 52, date: full, time: '10:00', isMine: false, customerName: null, blockOffers: false }),
    ])));
    book(`/book-appointment?businessId=1&serviceId=11&date=${full}`);
    expect(await screen.findByRole('button', { name: 'Skip the line' })).toBeInTheDocument();
  });

  it('offers no Skip the line where the swap market is off', async () => {
    answerBusiness(makeBusiness({ policies: { ...business.policies, swapMarket: false } }), [haircut], {});
    book(`/book-appointment?businessId=1&serviceId=11&date=${day}`);
    await screen.findByText('No available slots for this date');
    expect(screen.queryByRole('button', { name: 'Skip the line' })).not.toBeInTheDocument();
  });
});
