import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessWaitlistEntry } from '@contract/waitlist';
import { inDays } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, liveSocketLink, server } from '@/test/server';
import { OwnerWaitlistPanel } from './owner-waitlist-panel';

// The owner's view of who is waiting on a day (DESIGN section 11): loading, the empty state, each
// status in words with times on the business's clock, another day picked, and a live refetch when the
// owner's socket says the day's waitlist changed.

const day = inDays(0);
const entry = (over: Partial<BusinessWaitlistEntry> = {}): BusinessWaitlistEntry => ({
  id: 1, customerName: 'Ada Lovelace', serviceId: 3, serviceName: 'Cut', staffId: null, staffName: null, partySize: 1, date: day,
  fromTime: '09:00', toTime: '12:00', timeZone: 'America/New_York', status: 'waiting', offer: null, createdAt: '2026-01-01T10:00:00.000Z', ...over,
});
const url = '/api/businesses/7/waitlist';

describe("the owner's waitlist panel", () => {
  it('shows loading, then each entry oldest first with its status in words and the held time until when', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(url, async ({ request }) => {
      expect(new URL(request.url).searchParams.get('date')).toBe(day);
      await answered;
      return HttpResponse.json([
        entry({ status: 'claimed' }),
        // 14:41 UTC is 9:41 AM in New York (winter) or 10:41 AM (summer): the zone's own clock either way.
        entry({ id: 2, customerName: 'Grace Hopper', status: 'offered', staffId: 8, staffName: 'Marco', offer: { appointmentId: 40, time: '09:30', expiresAt: `${day}T14:41:00.000Z` } }),
        entry({ id: 3, customerName: 'Alan Turing', status: 'waiting', partySize: 4 }),
        entry({ id: 4, status: 'expired' }),
        entry({ id: 5, status: 'cancelled' }),
      ]);
    }));
    renderApp(<OwnerWaitlistPanel businessId={7} date={day} />);
    expect(screen.getByLabelText('Loading the waitlist')).toHaveAttribute('aria-busy', 'true');
    release();
    const rows = await screen.findAllByTestId('owner-waitlist-entry');
    expect(rows.map((r) => within(r).getByText(/Lovelace|Hopper|Turing/).textContent)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Ada Lovelace', 'Ada Lovelace']);
    expect(rows.map((r) => r.querySelector('span')?.textContent)).toEqual(['Claimed: booked', 'Offered a time', 'Waiting', 'Not claimed in time', 'Left the waitlist']);
    expect(rows[0]).toHaveTextContent('Between 9:00 AM and 12:00 PM');
    expect(rows[1]).toHaveTextContent('Cut · with Marco');
    expect(within(rows[1]).getByTestId('owner-waitlist-hold')).toHaveTextContent(/^9:30 AM is held for them until (9|10):41 AM$/);
    expect(rows[2]).toHaveTextContent('Cut · party of 4');
  });

  it('says nobody is waiting, and reads another day when one is picked', async () => {
    const later = inDays(3);
    server.use(http.get(url, ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('date') === later ? [entry({ date: later, customerName: 'Later Person' })] : []),
    ));
    const { user } = renderApp(<OwnerWaitlistPanel businessId={7} date={day} />);
    expect(await screen.findByText('Nobody is waiting for this day')).toBeInTheDocument();
    const field = screen.getByLabelText('Day');
    await user.clear(field);
    await user.type(field, later);
    expect(await screen.findByText('Later Person')).toBeInTheDocument();
  });

  it("refetches the day when the owner's socket says its waitlist changed", async () => {
    let list = [entry()];
    const sockets: { send(data: string): void }[] = [];
    server.use(
      http.get(url, () => HttpResponse.json(list)),
      liveSocketLink.addEventListener('connection', ({ client }) => void sockets.push(client)),
    );
    renderApp(<OwnerWaitlistPanel businessId={7} date={day} />);
    expect(await screen.findAllByTestId('owner-waitlist-entry')).toHaveLength(1);
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    list = [entry(), entry({ id: 2, customerName: 'Grace Hopper' })];
    // Another day's change leaves this one alone; this day's refetches it.
    sockets.at(-1)!.send(JSON.stringify({ type: 'waitlist_changed', businessId: 7, date: inDays(1) }));
    sockets.at(-1)!.send(JSON.stringify({ type: 'waitlist_changed', businessId: 7, date: day }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  });
});
