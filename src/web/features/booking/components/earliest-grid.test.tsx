import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '@contract/appointments';
import QuickBookingRoute from '@/routes/quick-booking';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';

// Quick booking (DESIGN section 10): a page of 24 and Show more, narrowed by date, time and party size
// from the address; never the whole market. tests/e2e/quick-booking-paging.e2e.ts pages the real server.

const item = (id: number, time: string, type: 'service' | 'restaurant' = 'service'): EarliestAppointment => ({
  business: { id, businessName: `Place ${String(id).padStart(2, '0')}`, businessType: type, category: type === 'restaurant' ? 'Restaurant' : 'Fitness', timeZone: 'America/New_York' },
  service: { id: id * 10, serviceName: type === 'restaurant' ? 'Table' : 'Session', duration: 60, price: '40.00' },
  date: '2030-05-02',
  time,
  duration: 60,
});
const minutes = (i: number) => `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
const page = (first: number, count: number) => Array.from({ length: count }, (_, i) => item(first + i, minutes(first + i)));

describe('quick booking', () => {
  it('shows a page of 24, the soonest marked, and Show more appends the next page from the Link header', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/earliest-appointments', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('cursor') === 'two') return HttpResponse.json(page(25, 5));
        return HttpResponse.json(page(1, 24), { headers: { Link: '</api/earliest-appointments?limit=24&cursor=two>; rel="next"' } });
      }),
    );
    const { user } = renderApp(<QuickBookingRoute />, { path: '/quick-booking' });
    const cards = await screen.findAllByTestId('earliest-card');
    expect(cards).toHaveLength(24);
    expect(within(cards[0]).getByText('Earliest')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('Earliest')).not.toBeInTheDocument();
    expect(cards[0]).toHaveAttribute('href', '/book-appointment?businessId=1&serviceId=10&date=2030-05-02&time=08%3A15');
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(screen.getAllByTestId('earliest-card')).toHaveLength(29));
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Place 25/));
    expect(screen.getAllByTestId('earliest-card').at(-1)).toHaveTextContent('Place 29');
    expect(screen.queryByRole('button', { name: 'Show more appointments' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?limit=24', '?limit=24&cursor=two']);
  });

  it('reads date, time and party size from the address, asks the server for them, and writes changes back', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/earliest-appointments', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return HttpResponse.json(params.get('partySize') === '12' ? [] : [item(1, '19:00', 'restaurant')]);
      }),
    );
    const { user, location } = renderApp(<QuickBookingRoute />, { path: '/quick-booking?date=2030-05-02&time=18:00&partySize=4&junk=1' });
    const card = await screen.findByTestId('earliest-card');
    expect(card).toHaveAttribute('href', '/restaurant/1?date=2030-05-02&time=19%3A00');
    expect(Object.fromEntries(asked[0])).toEqual({ limit: '24', date: '2030-05-02', time: '18:00', partySize: '4' });
    expect(screen.getByLabelText('Date')).toHaveValue('2030-05-02');
    expect(screen.getByLabelText('From')).toHaveValue('18:00');
    expect(screen.getByLabelText('Party size')).toHaveValue('4');

    await user.selectOptions(screen.getByLabelText('Party size'), '12');
    await waitFor(() => expect(location()).toBe('/quick-booking?date=2030-05-02&time=18%3A00&partySize=12'));
    expect(await screen.findByText('Nothing is free for that choice. Try another day, an earlier time or a smaller party.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/quick-booking'));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ limit: '24' });
  });

  it('each card’s free times book that time in one tap; mixed zones are said on each card and by From', async () => {
    const tokyo: EarliestAppointment = { ...item(2, '18:00', 'restaurant'), business: { ...item(2, '18:00', 'restaurant').business, timeZone: 'Asia/Tokyo' }, times: ['18:00', '18:30'] };
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/earliest-appointments', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([{ ...item(1, '18:00', 'restaurant'), times: ['18:00', '18:30', '19:00', '19:30', '20:00'] }, tokyo]);
      }),
    );
    renderApp(<QuickBookingRoute />, { path: '/quick-booking?date=2030-05-02&time=18:00&partySize=2' });
    await screen.findAllByTestId('earliest-card');
    expect(Object.fromEntries(asked[0])).toEqual({ limit: '24', date: '2030-05-02', time: '18:00', partySize: '2' });
    const buttons = screen.getAllByTestId('earliest-time');
    expect(buttons.map((b) => b.textContent)).toEqual(['6:00 PM', '6:30 PM', '7:00 PM', '7:30 PM', '8:00 PM', '6:00 PM', '6:30 PM']);
    expect(buttons[2]).toHaveAttribute('href', '/restaurant/1?date=2030-05-02&time=19%3A00');
    expect(buttons[2]).toHaveAccessibleName(/^Book a table at Place 01, .*7:00 PM/);
    expect(buttons[6]).toHaveAttribute('href', '/restaurant/2?date=2030-05-02&time=18%3A30');
    // the times are each business's clock: said on every card, since the list mixes zones
    expect(screen.getAllByTestId('earliest-zone').map((z) => z.textContent)).toEqual([' · Times are New York time', ' · Times are Tokyo time']);
    expect(screen.getByTestId('from-zone')).toHaveTextContent("each business's time");
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription("each business's time");
  });

  it('a search page with nothing found but a Link goes on to the next before saying nothing is free', async () => {
    server.use(
      http.get('/api/earliest-appointments', ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor') === 'on') return HttpResponse.json([{ ...item(7, '21:00'), times: ['21:00'] }]);
        return HttpResponse.json([], { headers: { Link: '</api/earliest-appointments?limit=24&date=2030-05-02&time=21:00&cursor=on>; rel="next"' } });
      }),
    );
    renderApp(<QuickBookingRoute />, { path: '/quick-booking?date=2030-05-02&time=21:00' });
    expect(await screen.findByTestId('earliest-card')).toHaveTextContent('Place 07');
    expect(screen.queryByText(/Nothing is free/)).not.toBeInTheDocument();
  });

  it('drops a date, time or party size it cannot use', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/earliest-appointments', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    renderApp(<QuickBookingRoute />, { path: '/quick-booking?date=tomorrow&time=25:00&partySize=0' });
    expect(await screen.findByText('All businesses are fully booked for the next week.')).toBeInTheDocument();
    expect(asked).toEqual(['?limit=24']);
  });
});
