import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import { WeeklyHoursEditor } from './weekly-hours-editor';

// Weekly hours that close a day with bookings (DESIGN section 4): the server lists them (409
// STRANDS_BOOKINGS); the owner moves them to any free member, cancels them, or backs out.

const week = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' }));
const booking = { id: 8, date: '2026-12-07', time: '10:00', serviceId: 2, serviceName: 'Checkup', customerName: 'Ada King', partySize: 1, staffId: 4, staffName: 'Lee' };

describe('weekly hours over bookings', () => {
  it('lists the bookings Monday holds, then cancels them and saves the hours', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/businesses/1/hours', () => HttpResponse.json({ hours: week })),
      http.put('/api/businesses/1/hours', async ({ request }) => {
        const query = new URL(request.url).search;
        sent.push(query);
        const { hours } = (await request.json()) as { hours: unknown[] };
        if (!query) return HttpResponse.json({ message: 'This change would leave 1 upcoming booking without a place', code: 'STRANDS_BOOKINGS', bookings: [booking] }, { status: 409 });
        return HttpResponse.json({ hours });
      }),
    );
    const { user } = renderApp(<WeeklyHoursEditor businessId={1} />);
    await user.click(await screen.findByRole('checkbox', { name: /Monday/ }));
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'This change of hours affects 1 upcoming booking' });
    expect(within(dialog).getByText('10:00 AM, Monday, December 7')).toBeInTheDocument();
    // Any free member: no one to pick by name here.
    expect(within(dialog).getByRole('radio', { name: 'Move them to another staff member' })).toBeChecked();
    expect(within(dialog).queryByLabelText('Who takes over')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Cancel these bookings' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bookings and save' }));
    await expectToast('Hours Updated');
    expect(sent).toEqual(['', '?cancelBookings=true']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('backs out with the button: nothing more is sent and the form keeps the edit', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/businesses/1/hours', () => HttpResponse.json({ hours: week })),
      http.put('/api/businesses/1/hours', ({ request }) => {
        sent.push(new URL(request.url).search);
        return HttpResponse.json({ message: 'x', code: 'STRANDS_BOOKINGS', bookings: [booking] }, { status: 409 });
      }),
    );
    const { user } = renderApp(<WeeklyHoursEditor businessId={1} />);
    await user.click(await screen.findByRole('checkbox', { name: /Monday/ }));
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    const dialog = await screen.findByRole('dialog', { name: /affects 1 upcoming booking/ });
    await user.click(within(dialog).getByRole('button', { name: 'Back out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual(['']);
    expect(screen.getByRole('checkbox', { name: /Monday/ })).not.toBeChecked();
  });
});
