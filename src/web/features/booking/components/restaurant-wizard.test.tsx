import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/components/ui/calendar';
import { wallClockAt } from '@/lib/business-time';
import RestaurantRoute from '@/routes/restaurant';
import { browserLanguages } from '@/test/browser-languages';
import { inDays, makeRestaurant, makeService, makeUser } from '@/test/fixtures';
import { answerBusiness } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, server, signedInAs } from '@/test/server';

// Reserving a table without a browser: the first free day, party size, the details and the confirmation,
// a signed-out visitor's draft, and bad links. tests/e2e/restaurant-booking.e2e.ts reserves through the app.

const restaurant = makeRestaurant({ id: 2, maxPartySize: 6, reservationDuration: 90 });
const table = makeService({ id: 21, businessId: 2, name: 'Table reservation', duration: 90, price: '0.00' });
const day = inDays(5);

const open = (query = '') => renderApp(<RestaurantRoute />, { path: `/restaurant/${restaurant.id}${query}`, route: '/restaurant/:restaurantId' });

describe('reserving a table', () => {
  it('opens on the first day with free tables and books it with the details asked for', async () => {
    signedInAs(makeUser());
    // The first day with free tables (answered by GET /api/businesses/2/earliest-appointments).
    const booked = answerBusiness(restaurant, [table], { [day]: ['18:00', '19:00'] });
    const { user } = open();
    await screen.findByRole('heading', { name: 'Choose date, party size and time' });
    expect(screen.getByText('Up to 6 guests')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(`[data-date="${day}"]`)).toHaveAttribute('aria-pressed', 'true'));
    const party = screen.getByLabelText('Party size');
    expect(within(party).getAllByRole('option')).toHaveLength(6);
    await user.selectOptions(party, '4');
    await user.click(await screen.findByRole('button', { name: '7:00 PM' }));
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(`${formatLongDate(day)} at 7:00 PM, 4 guests`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Reservation details' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com'));
    expect(screen.getByLabelText('Party size')).toHaveValue('4');
    await user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Table Guest');
    await user.type(screen.getByLabelText('Phone'), '(212) 555-0199');
    await user.selectOptions(screen.getByLabelText('Seating preference (optional)'), 'window');
    await user.selectOptions(screen.getByLabelText('Occasion (optional)'), 'birthday');
    await user.type(screen.getByLabelText('Dietary restrictions (optional)'), 'vegetarian');
    await user.type(screen.getByLabelText('Special requests (optional)'), 'Candles please');
    await user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));

    await expectToast('Reservation Confirmed!', 'Your table at Trattoria Bella is booked.');
    const confirmation = await screen.findByRole('region', { name: 'Reservation Confirmed!' });
    for (const text of ['Trattoria Bella', formatLongDate(day), '7:00 PM', '4 guests', '90 minutes', 'Window', 'Birthday', 'vegetarian']) expect(within(confirmation).getByText(text)).toBeInTheDocument();
    expect(booked.bodies).toEqual([
      expect.objectContaining({ businessId: 2, serviceId: 21, date: day, time: '19:00', partySize: 4, customerName: 'Table Guest', customerPhone: '+12125550199', seatingPreference: 'window', occasionType: 'birthday', dietaryRestrictions: 'vegetarian', notes: 'Candles please' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Make Another Reservation' }));
    await screen.findByRole('heading', { name: 'Choose date, party size and time' });
  });

  it('says before confirming that a table inside the cancel cut-off cannot be cancelled once booked, while rescheduling stays open', async () => {
    signedInAs(makeUser());
    const soon = wallClockAt(Math.ceil((Date.now() + 3 * 3_600_000) / 1_800_000) * 1_800_000, restaurant.timeZone);
    const strict = makeRestaurant({ ...restaurant, policies: { ...restaurant.policies, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 60 } });
    answerBusiness(strict, [table], { [soon.date]: [soon.time] });
    open(`?date=${soon.date}&time=${soon.time}`);
    expect(await screen.findByTestId('inside-cutoff')).toHaveTextContent(
      'This time is already inside the 24 h free-cancellation cut-off: once booked, you cannot cancel it online. You can reschedule it until 1 h before.',
    );
  });

  it("prefills the profile's name and phone for a signed-in guest", async () => {
    signedInAs(makeUser({ fullName: 'Table Guest', phone: '+442079460958' }));
    const booked = answerBusiness(restaurant, [table], { [day]: ['19:00'] });
    const { user } = open(`?date=${day}&time=19:00`);
    await screen.findByRole('heading', { name: 'Reservation details' });
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Table Guest'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0958');
    expect(screen.getByTestId('contact-note')).toHaveTextContent('filled in from your profile');
    await user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));
    await screen.findByRole('region', { name: 'Reservation Confirmed!' });
    expect(booked.bodies[0]).toMatchObject({ customerName: 'Table Guest', customerPhone: '+442079460958' });
  });

  it("a guest whose browser is in Britain types a number as dialled there: shown as it will be saved, sent in E.164", async () => {
    browserLanguages('en-GB');
    signedInAs(makeUser({ fullName: 'Table Guest' }));
    const booked = answerBusiness(restaurant, [table], { [day]: ['19:00'] });
    const { user } = open(`?date=${day}&time=19:00`);
    await screen.findByRole('heading', { name: 'Reservation details' });
    // The form is filled in from the profile once the session is in.
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Table Guest'));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAccessibleDescription('Enter a United Kingdom phone number with its area code, or + and the country code.');
    await user.type(phone, '07911 123456');
    expect(phone).toHaveAccessibleDescription('Will be saved as +44 7911 123456');
    await user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));
    await screen.findByRole('region', { name: 'Reservation Confirmed!' });
    expect(booked.bodies[0]).toMatchObject({ customerName: 'Table Guest', customerPhone: '+447911123456' });
  });

  it('a signed-out visitor is sent to log in, and finds the details and party size again afterwards', async () => {
    answerBusiness(restaurant, [table], { [day]: ['19:00'] });
    const first = open(`?date=${day}&time=19:00`);
    await screen.findByRole('heading', { name: 'Reservation details' });
    expect(screen.getByText(/You are not signed in/)).toBeInTheDocument();
    await first.user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await first.user.selectOptions(screen.getByLabelText('Party size'), '3');
    await first.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await first.user.type(screen.getByLabelText('Phone'), '(212) 555-0456');
    await first.user.selectOptions(screen.getByLabelText('Occasion (optional)'), 'birthday');
    await first.user.type(screen.getByLabelText('Special requests (optional)'), 'A quiet corner');
    await first.user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));
    await expectToast('Authentication Required');
    await waitFor(() => expect(first.location()).toMatch(/^\/login\?redirect=/));
    first.unmount();

    signedInAs(makeUser());
    open(`?date=${day}&time=19:00`);
    await screen.findByRole('heading', { name: 'Reservation details' });
    await waitFor(() => expect(screen.queryByText(/You are not signed in/)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Party size')).toHaveValue('3');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('(212) 555-0456');
    expect(screen.getByLabelText('Occasion (optional)')).toHaveValue('birthday');
    expect(screen.getByLabelText('Special requests (optional)')).toHaveValue('A quiet corner');
  });

  it('says so for a bad id and an unknown restaurant, and for a day without tables', async () => {
    for (const id of ['0', 'abc']) {
      const bad = renderApp(<RestaurantRoute />, { path: `/restaurant/${id}`, route: '/restaurant/:restaurantId' });
      expect(await screen.findByText('Invalid restaurant ID')).toBeInTheDocument();
      bad.unmount();
    }
    server.use(http.get('/api/businesses/999999', () => apiError(404, 'Business not found', 'NOT_FOUND')), http.get('/api/businesses/999999/services', () => apiError(404, 'Business not found', 'NOT_FOUND')));
    const unknown = renderApp(<RestaurantRoute />, { path: '/restaurant/999999', route: '/restaurant/:restaurantId' });
    expect(await screen.findByText('Restaurant not found')).toBeInTheDocument();
    unknown.unmount();

    // A day asked for in the link wins over the first day with free tables.
    answerBusiness(restaurant, [table], { [inDays(9)]: ['19:00'] });
    open(`?date=${day}`);
    expect(await screen.findByText('No available tables for this date')).toBeInTheDocument();
    // The next day with a table is one tap away; nobody can be asked for a table while signed out.
    expect(await screen.findByRole('button', { name: `Next free day: ${formatLongDate(inDays(9))}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip the line' })).not.toBeInTheDocument();
  });
});
