import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStaffSchema } from '@contract/staff';
import { expectToast, findDialog } from '@/test/render';
import { http, HttpResponse, recorder, server } from '@/test/server';
import { BUSINESS, makeStaff, renderTab, serveStaff } from './staff-test-support';

// The owner's Staff tab (DESIGN section 9) against msw: the list, the member form's messages,
// the order, and time off. The hours editor and deactivation have files of their own.

describe('the staff tab', () => {
  it('lists members in order with their services, hours and time off, inactive ones marked', async () => {
    serveStaff(() => [
      makeStaff(),
      makeStaff({ id: 22, name: 'Ana', position: 2, serviceIds: [12], hours: [{ dayOfWeek: 1, openTime: '09:00', closeTime: '12:00' }, { dayOfWeek: 1, openTime: '13:00', closeTime: '17:00' }],
        timeOff: [{ id: 5, startDate: '2026-12-01', endDate: '2026-12-03', reason: 'Holiday' }, { id: 4, startDate: '2026-11-01', endDate: '2026-11-02', reason: 'Past' }] }),
      makeStaff({ id: 23, name: 'Old Joe', position: 3, active: false }),
    ]);
    renderTab();
    const cards = await screen.findAllByTestId('staff-member');
    expect(cards.map((c) => within(c).getAllByText(/./)[0].textContent)).toEqual(['Marco', 'Ana', 'Old Joe']);
    expect(within(cards[0]).getByText('All services')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Business hours')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Beard Trim')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Mon 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Off Tue–Sun')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Dec 1, 2026 – Dec 3, 2026 (Holiday)')).toBeInTheDocument();
    expect(within(cards[2]).getByText('Inactive')).toBeInTheDocument();
    expect(within(cards[2]).queryByRole('button', { name: 'Deactivate Old Joe' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Marco up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ana down' })).toBeDisabled();
  });

  it('names a missing name and a member with no service, sends nothing until right, then adds them', async () => {
    let members = [makeStaff()];
    const gets = serveStaff(() => members);
    const sent = recorder<Record<string, unknown>>();
    server.use(http.post(`/api/businesses/${BUSINESS}/staff`, async ({ request }) => {
      const body = createStaffSchema.parse(await sent.take(request));
      const created = makeStaff({ id: 30, position: 2, ...body });
      members = [...members, created];
      return HttpResponse.json(created, { status: 201 });
    }));
    const { user } = renderTab();
    await screen.findByText('Marco');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await findDialog('Add staff member');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Name'), 'Sam');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All services' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText('Choose at least one service, or All services')).toBeInTheDocument();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(sent.bodies).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Beard Trim' }));
    await user.type(within(dialog).getByLabelText('Bio (optional)'), 'New here.');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await expectToast('Staff member added', 'Sam can now be booked.');
    expect(sent.bodies).toEqual([{ name: 'Sam', bio: 'New here.', serviceIds: [12] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Sam')).toBeInTheDocument();
    expect(gets.count).toBe(2);
  });

  it('closes the member dialog with Escape', async () => {
    serveStaff(() => [makeStaff()]);
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Marco' }));
    const dialog = await findDialog('Edit staff member');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Marco');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('order and time off', () => {
  it("moves a member up by taking the position of the one above", async () => {
    serveStaff(() => [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })]);
    const sent = recorder<Record<string, unknown>>();
    server.use(http.patch('/api/staff/22', async ({ request }) => HttpResponse.json(makeStaff({ id: 22, name: 'Ana', ...(await sent.take(request)) }))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Move Ana up' }));
    await waitFor(() => expect(sent.bodies).toEqual([{ position: 1 }]));
  });

  it('reactivates an inactive member', async () => {
    serveStaff(() => [makeStaff(), makeStaff({ id: 23, name: 'Old Joe', position: 2, active: false })]);
    const sent = recorder<Record<string, unknown>>();
    server.use(http.patch('/api/staff/23', async ({ request }) => HttpResponse.json(makeStaff({ id: 23, name: 'Old Joe', ...(await sent.take(request)) }))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reactivate Old Joe' }));
    await waitFor(() => expect(sent.bodies).toEqual([{ active: true }]));
    await expectToast('Staff member reactivated');
  });

  it('adds a day off (an empty last day is the same day), refuses a last day before the first, and removes one', async () => {
    let timeOff = [{ id: 5, startDate: '2026-12-01', endDate: '2026-12-03', reason: 'Holiday' }];
    serveStaff(() => [makeStaff({ timeOff })]);
    const sent = recorder<Record<string, unknown>>();
    server.use(
      http.post('/api/staff/21/time-off', async ({ request }) => {
        const body = (await sent.take(request)) as { startDate: string; endDate: string; reason: string };
        const created = { id: 6, ...body };
        timeOff = [...timeOff, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.delete('/api/staff/21/time-off/5', () => {
        timeOff = timeOff.filter((t) => t.id !== 5);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Time off for Marco' }));
    const dialog = await findDialog('Time off for Marco');
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-12-09' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(await within(dialog).findByText('The last day must be on or after the first')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '' } });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Dentist');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    await expectToast('Time off added');
    expect(sent.bodies).toEqual([{ startDate: '2026-12-10', endDate: '2026-12-10', reason: 'Dentist' }]);
    const list = await within(dialog).findByRole('list', { name: 'Upcoming time off' });
    await within(list).findByText('Dentist');
    expect(within(dialog).getByLabelText('First day')).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Remove time off Dec 1, 2026 – Dec 3, 2026' }));
    await expectToast('Time off removed');
    await waitFor(() => expect(within(list).queryByText('Holiday')).toBeNull());
  });
});
