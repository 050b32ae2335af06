import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { AppointmentsTab } from './appointments-tab';
import { RecentAppointments } from './recent-appointments';

// Issue 27: the owner's lists read in time order: today's and the coming days' first, soonest first,
// then the past, most recent first; not in the order they were booked.

const booked = [
  makeAppointment({ id: 1, customerName: 'Later Today', date: inDays(0), time: '23:30', createdAt: '2026-01-05T00:00:00Z' }),
  makeAppointment({ id: 2, customerName: 'Yesterday', date: inDays(-1), time: '10:00', status: 'completed', createdAt: '2026-01-01T00:00:00Z' }),
  makeAppointment({ id: 3, customerName: 'Next Week', date: inDays(7), time: '09:00', createdAt: '2026-01-04T00:00:00Z' }),
  makeAppointment({ id: 4, customerName: 'Early Today', date: inDays(0), time: '00:30', createdAt: '2026-01-03T00:00:00Z' }),
  makeAppointment({ id: 5, customerName: 'Last Week', date: inDays(-7), time: '15:00', status: 'completed', createdAt: '2026-01-02T00:00:00Z' }),
];
const names = async () => (await screen.findAllByTestId('business-appointment')).map((row) => booked.find((a) => row.textContent?.includes(a.customerName!))?.customerName);

describe("the owner's lists", () => {
  it('Appointments (All) are in time order', async () => {
    signedInAs(makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 }));
    server.use(http.get('/api/businesses/1/swaps', () => HttpResponse.json([])));
    renderApp(<AppointmentsTab businessId={1} appointments={booked} loading={false} error={null} onRetry={() => undefined} timeZone="America/New_York" />);
    expect(await names()).toEqual(['Early Today', 'Later Today', 'Next Week', 'Yesterday', 'Last Week']);
  });

  it('Recent appointments (the last ten booked) are in time order too', async () => {
    renderApp(<RecentAppointments appointments={booked} loading={false} timeZone="America/New_York" />);
    expect(await names()).toEqual(['Early Today', 'Later Today', 'Next Week', 'Yesterday', 'Last Week']);
  });
});
