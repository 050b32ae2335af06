import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/components/ui/calendar';
import BookRoute from '@/routes/book';
import RestaurantRoute from '@/routes/restaurant';
import { inDays, makeBusiness, makeRestaurant, makeService, makeUser } from '@/test/fixtures';
import { answerBusiness } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { EarliestGrid } from './earliest-grid';

// Both booking flows from another zone (issue 18): the component tests' browser is on New York's clock
// (vitest.config.ts), these businesses are in Los Angeles. A slot grid says whose clock once, above its
// buttons; the footer, the details summary and the confirmation say "9:30 AM Los Angeles time". A
// visitor on the business's own clock sees none of it (appointment-wizard.test.tsx, restaurant-wizard.test.tsx).
// tests/e2e/booking-time-zone.e2e.ts books from Berlin in Chromium.

const LA = 'America/Los_Angeles';
const fullName = 'Zoe Zone';

async function fillDetails(user: ReturnType<typeof renderApp>['user']) {
  await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com'));
  await user.type(screen.getByLabelText('Full name'), fullName);
  await user.type(screen.getByLabelText('Phone'), '(212) 555-0100');
}

/** The grid's zone line, said once, and the buttons' bare times. */
async function expectOneZoneLine() {
  const grid = await screen.findByRole('group', { name: 'Available times' });
  expect(screen.getAllByTestId('zone-note').map((n) => n.textContent)).toEqual(['Times are Los Angeles time']);
  expect(grid).toHaveAccessibleDescription('Times are Los Angeles time');
  for (const button of within(grid).getAllByRole('button')) expect(button.textContent).toMatch(/^\d{1,2}:\d\d [AP]M$/);
  return grid;
}

describe('booking at a business in another zone', () => {
  it('an appointment: the grid says the zone once; footer, queue card, summary and confirmation name it with the time', async () => {
    signedInAs(makeUser());
    const business = makeBusiness({ timeZone: LA });
    const day = inDays(3, LA);
    answerBusiness(business, [makeService()], { [day]: ['09:00', '09:30'] });
    const { user } = renderApp(<BookRoute />, { path: `/book/${business.id}`, route: '/book/:businessId' });
    await user.click(await screen.findByRole('button', { name: /Classic Haircut/ }));

    const grid = await expectOneZoneLine();
    await user.click(within(grid).getByRole('button', { name: '9:30 AM' }));
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(`Selected: ${formatLongDate(day)} at 9:30 AM Los Angeles time`);
    expect(await within(await screen.findByTestId('live-queue-status')).findByText(/^For 9:30 AM Los Angeles time;/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.getByText('9:30 AM Los Angeles time')).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    const confirmation = await screen.findByRole('region', { name: 'Appointment Booked!' });
    expect(within(confirmation).getByText('9:30 AM Los Angeles time')).toBeInTheDocument();
  });

  it('a table: the same, with the party size beside the time', async () => {
    signedInAs(makeUser());
    const restaurant = makeRestaurant({ timeZone: LA });
    const day = inDays(4, LA);
    answerBusiness(restaurant, [makeService({ id: 21, businessId: restaurant.id, name: 'Table reservation', duration: 120, price: '0.00' })], { [day]: ['18:00', '19:00'] });
    const { user } = renderApp(<RestaurantRoute />, { path: `/restaurant/${restaurant.id}`, route: '/restaurant/:restaurantId' });

    const grid = await expectOneZoneLine();
    await user.click(within(grid).getByRole('button', { name: '7:00 PM' }));
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(`${formatLongDate(day)} at 7:00 PM Los Angeles time, 2 guests`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Reservation details' });
    expect(screen.getByText('7:00 PM Los Angeles time')).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Reservation' }));
    const confirmation = await screen.findByRole('region', { name: 'Reservation Confirmed!' });
    expect(within(confirmation).getByText('7:00 PM Los Angeles time')).toBeInTheDocument();
  });

  it('on the business’s own clock: no zone line, bare times', async () => {
    signedInAs(makeUser());
    const business = makeBusiness();
    const day = inDays(3);
    answerBusiness(business, [makeService()], { [day]: ['09:00'] });
    const { user } = renderApp(<BookRoute />, { path: `/book/${business.id}`, route: '/book/:businessId' });
    await user.click(await screen.findByRole('button', { name: /Classic Haircut/ }));
    const grid = await screen.findByRole('group', { name: 'Available times' });
    expect(screen.queryByTestId('zone-note')).not.toBeInTheDocument();
    expect(grid).not.toHaveAttribute('aria-describedby');
    await user.click(within(grid).getByRole('button', { name: '9:00 AM' }));
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(`Selected: ${formatLongDate(day)} at 9:00 AM`);
    expect(screen.getByTestId('selection-footer').textContent).not.toMatch(/ time/);
  });

  it('the earliest list (Skip the Line) names a card’s zone only where it differs', async () => {
    const card = (id: number, timeZone: string) => ({
      business: { id, businessName: `Studio ${id}`, businessType: 'service', category: 'Fitness', timeZone },
      service: { id: id * 10, serviceName: 'Private session', duration: 60, price: '40.00' },
      date: '2030-05-02',
      time: '09:00',
      duration: 60,
    });
    server.use(http.get('/api/earliest-appointments', () => HttpResponse.json([card(4, LA), card(5, 'America/New_York')])));
    renderApp(<EarliestGrid />);
    const cards = await screen.findAllByTestId('earliest-card');
    expect(cards.map((c) => within(c).getByText(/^Thursday, May 2, 2030 · /).textContent)).toEqual(['Thursday, May 2, 2030 · 9:00 AM Los Angeles time', 'Thursday, May 2, 2030 · 9:00 AM']);
  });
});
