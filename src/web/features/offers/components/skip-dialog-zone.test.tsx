import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/components/ui/calendar';
import { inDays, makeAppointment, makeRestaurant, makeUser, othersAppointment } from '@/test/fixtures';
import { answerPayments } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import QueueJumpDialog from './queue-jump-dialog';
import RestaurantSkipDialog from './restaurant-skip-dialog';

// The Skip the Line dialogs from another zone (issue 18): the component tests' browser is on New York's
// clock (vitest.config.ts), these businesses are in Los Angeles. The description says whose clock once;
// the choices inside show bare times rather than repeating it (a visitor on the business's clock:
// offer-dialogs.test.tsx, whose descriptions end at the date).

const LA = 'America/Los_Angeles';
const day = inDays(4, LA);

describe('Skip the Line from another zone', () => {
  it('at a service business: "Times are Los Angeles time." once, then bare times', async () => {
    signedInAs(makeUser());
    answerPayments({ userId: 7 });
    const own = [makeAppointment({ id: 201, date: day, time: '11:00', timeZone: LA }), makeAppointment({ id: 204, date: day, time: '15:00', timeZone: LA })];
    const others = [othersAppointment({ id: 202, date: day, time: '10:00', timeZone: LA })];
    server.use(
      http.get('/api/appointments', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.has('businessId') ? [...own, ...others] : own)),
      // no free time to move to for nothing
      http.get('/api/available-slots', () => HttpResponse.json([])),
    );
    renderApp(<QueueJumpDialog businessId={1} businessName="Downtown Barber Co." timeZone={LA} date={day} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    expect(dialog).toHaveAccessibleDescription(`Offer to swap for an earlier time at Downtown Barber Co. on ${formatLongDate(day)}. Times are Los Angeles time.`);
    expect(await within(dialog).findByTestId('queue-jump-target')).toHaveTextContent('Earliest earlier slot: 10:00 AM (Classic Haircut, 30 min)');
    expect(within(within(dialog).getByLabelText('Your appointment')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Classic Haircut at 11:00 AM', 'Classic Haircut at 3:00 PM']);
    expect(dialog.textContent?.match(/Los Angeles time/g)).toHaveLength(1);
  });

  it('at a restaurant: the same for the tables to choose from', async () => {
    signedInAs(makeUser());
    answerPayments({ userId: 7 });
    server.use(http.get('/api/restaurant-reservations', () => HttpResponse.json([{ id: 401, customerId: null, time: '19:00', partySize: 6, seatingPreference: null, isMine: false }])));
    const restaurant = makeRestaurant({ timeZone: LA });
    renderApp(<RestaurantSkipDialog restaurant={restaurant} date={day} partySize={2} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Skip the Line' });
    expect(dialog).toHaveAccessibleDescription(`Offer a guest with a table at Trattoria Bella on ${formatLongDate(day)} to swap. Times are Los Angeles time.`);
    expect(await within(dialog).findByRole('radio', { name: '7:00 PM · party of 6' })).toBeInTheDocument();
    expect(dialog.textContent?.match(/Los Angeles time/g)).toHaveLength(1);
  });
});
