import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrandedBooking } from '@contract/stranded-bookings';
import { expectToast } from '@/test/render';
import { apiError, http, HttpResponse, server } from '@/test/server';
import { makeStaff, renderTab, serveStaff } from './staff-test-support';

// Deactivating a member or giving them time off over upcoming bookings (DESIGN sections 4 and 9): the
// server answers 409 STRANDS_BOOKINGS listing them; the owner sees them before anything changes and
// moves them (to a chosen member or any free one), cancels them, or backs out.

const stranded: StrandedBooking = {
  id: 501, date: '2026-12-01', time: '10:00', serviceId: 11, serviceName: 'Classic Haircut', customerName: 'Rita Moreno', partySize: 1, staffId: 21, staffName: 'Marco',
};
const strands = () => HttpResponse.json({ message: 'Marco has 1 upcoming appointment: reassign it or cancel it first', code: 'STRANDS_BOOKINGS', bookings: [stranded] }, { status: 409 });

describe('deactivating a member', () => {
  it('lists the upcoming bookings, then moves them to the member the owner picks', async () => {
    let members = [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })];
    serveStaff(() => members);
    const calls: string[] = [];
    server.use(http.delete('/api/staff/21', ({ request }) => {
      const query = new URL(request.url).search;
      calls.push(query);
      if (!query) return strands();
      members = members.map((m) => (m.id === 21 ? { ...m, active: false } : m));
      return HttpResponse.json({ deactivated: true, reassigned: 1 });
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Deactivate Marco?' })).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivating Marco affects 1 upcoming booking' });
    expect(within(dialog).getByText('10:00 AM, Tuesday, December 1')).toBeInTheDocument();
    expect(within(dialog).getByText(/Classic Haircut · Rita Moreno · with Marco/)).toBeInTheDocument();
    // Only the others may take over.
    const who = within(dialog).getByLabelText('Who takes over');
    expect(within(who).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any free member', 'Ana']);
    await user.selectOptions(who, 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Move bookings and save' }));
    await expectToast('Staff member deactivated', 'Marco was deactivated; 1 appointment moved to others.');
    expect(calls).toEqual(['', '?reassign=true&toStaffId=22']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels them when the owner says so, saying customers are told and refunded', async () => {
    serveStaff(() => [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })]);
    const calls: string[] = [];
    server.use(http.delete('/api/staff/21', ({ request }) => {
      const query = new URL(request.url).search;
      calls.push(query);
      return query ? HttpResponse.json({ deactivated: true, reassigned: 0 }) : strands();
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: /affects 1 upcoming booking/ });
    await user.click(within(dialog).getByRole('radio', { name: 'Cancel these bookings' }));
    expect(within(dialog).getByText(/Customers are told in the app and by e-mail/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Who takes over')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bookings and save' }));
    await expectToast('Staff member deactivated', 'Marco is no longer offered to customers.');
    expect(calls).toEqual(['', '?cancelBookings=true']);
  });

  it('backs out on Escape: nothing else is sent', async () => {
    serveStaff(() => [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })]);
    const calls: string[] = [];
    server.use(http.delete('/api/staff/21', ({ request }) => {
      calls.push(new URL(request.url).search);
      return strands();
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: /affects 1 upcoming booking/ });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['']);
  });

  it('shows the last-member refusal as an error, with nothing to move', async () => {
    serveStaff(() => [makeStaff()]);
    server.use(http.delete('/api/staff/21', () => apiError(409, 'Marco is the only active staff member of this business: add another before removing them', 'CONFLICT')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await expectToast('Failed to deactivate staff member', 'Marco is the only active staff member of this business: add another before removing them');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('time off over bookings', () => {
  it('lists them over the time-off dialog and reassigns to any free member', async () => {
    serveStaff(() => [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })]);
    const calls: string[] = [];
    server.use(http.post('/api/staff/21/time-off', ({ request }) => {
      const query = new URL(request.url).search;
      calls.push(query);
      return query ? HttpResponse.json({ id: 9, startDate: '2026-12-01', endDate: '2026-12-01', reason: '' }, { status: 201 }) : strands();
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Time off for Marco' }));
    await user.type(await screen.findByLabelText('First day'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    const dialog = await screen.findByRole('dialog', { name: "Marco's time off affects 1 upcoming booking" });
    await user.click(within(dialog).getByRole('button', { name: 'Move bookings and save' }));
    await expectToast('Time off added');
    expect(calls).toEqual(['', '?reassign=true']);
  });
});
