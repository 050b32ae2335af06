import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStaffSchema, type StaffMember, staffHoursSchema, staffMemberSchema } from '@contract/staff';
import { expectToast, findDialog, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server } from '@/test/server';
import { StaffTab } from './staff-tab';

// The owner's Staff tab (DESIGN section 9) against msw: the member form's messages, the hours
// editor (breaks as several ranges, overlaps refused where they are typed, back to the business's
// hours), and deactivation refused for upcoming appointments, then done by moving them.

const BUSINESS = 1;
const services = [{ id: 11, name: 'Classic Haircut' }, { id: 12, name: 'Beard Trim' }];
const businessHours = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: '09:00', closeTime: '17:00' }));
const makeStaff = (over: Partial<StaffMember> = {}): StaffMember =>
  staffMemberSchema.parse({ id: 21, businessId: BUSINESS, name: 'Marco', bio: 'Fades and beards.', active: true, position: 1, serviceIds: [], hours: null, timeOff: [], ...over });

/** Answers the owner's list with `members()` (read at each request) and counts the requests. */
function serveStaff(members: () => StaffMember[]) {
  const gets = { count: 0 };
  server.use(http.get(`/api/businesses/${BUSINESS}/staff`, ({ request }) => {
    expect(new URL(request.url).searchParams.get('all')).toBe('true');
    gets.count++;
    return HttpResponse.json(members());
  }));
  return gets;
}
const renderTab = () => renderApp(<StaffTab businessId={BUSINESS} services={services} businessHours={businessHours} today="2026-11-26" />);

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
    expect(within(cards[1]).getByText('Mon 09:00–12:00, 13:00–17:00 · Off Tue–Sun')).toBeInTheDocument();
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

describe('the hours editor', () => {
  const day = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
  const setTime = (group: HTMLElement, label: string, value: string) => fireEvent.change(within(group).getByLabelText(label), { target: { value } });

  it('starts from the business hours, takes a lunch break and a day off, and refuses an overlap where it is typed', async () => {
    serveStaff(() => [makeStaff()]);
    const sent = recorder<Record<string, unknown>>();
    server.use(http.put('/api/staff/21/hours', async ({ request }) => HttpResponse.json(staffHoursSchema.parse(await sent.take(request)))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Hours for Marco' }));
    const dialog = await findDialog('Hours for Marco');
    const toggle = within(dialog).getByRole('switch', { name: "Use the business's hours" });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    // Monday: 09:00–12:00 and 13:00–17:00, a lunch break.
    const monday = day(dialog, 'Monday');
    expect(within(monday).getByLabelText('Monday range 1 start')).toHaveValue('09:00');
    setTime(monday, 'Monday range 1 end', '12:00');
    await user.click(within(monday).getByRole('button', { name: 'Add range on Monday' }));
    expect(within(monday).getByLabelText('Monday range 2 start')).toHaveValue('13:00');
    expect(within(monday).getByLabelText('Monday range 2 end')).toHaveValue('17:00');

    // Tuesday: a second range that overlaps the first is named at once, and saving sends nothing.
    const tuesday = day(dialog, 'Tuesday');
    await user.click(within(tuesday).getByRole('button', { name: 'Add range on Tuesday' }));
    setTime(tuesday, 'Tuesday range 2 start', '16:00');
    expect(within(tuesday).getByRole('alert')).toHaveTextContent('09:00–17:00 and 16:00–22:00 overlap');
    expect(within(tuesday).getByLabelText('Tuesday range 2 start')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save hours' }));
    expect(sent.bodies).toEqual([]);
    await user.click(within(tuesday).getByRole('button', { name: 'Remove Tuesday range 2' }));
    expect(within(tuesday).queryByRole('alert')).toBeNull();

    // Wednesday off; Saturday morning added.
    await user.click(within(day(dialog, 'Wednesday')).getByRole('button', { name: 'Remove Wednesday range 1' }));
    expect(within(day(dialog, 'Wednesday')).getByText('Day off')).toBeInTheDocument();
    const saturday = day(dialog, 'Saturday');
    await user.click(within(saturday).getByRole('button', { name: 'Add hours on Saturday' }));
    setTime(saturday, 'Saturday range 1 end', '13:00');

    await user.click(within(dialog).getByRole('button', { name: 'Save hours' }));
    await expectToast('Hours saved', 'Marco works their own hours.');
    const range = (dayOfWeek: number, openTime: string, closeTime: string) => ({ dayOfWeek, openTime, closeTime });
    expect(sent.bodies).toEqual([{ hours: [range(1, '09:00', '12:00'), range(1, '13:00', '17:00'), range(2, '09:00', '17:00'), range(4, '09:00', '17:00'), range(5, '09:00', '17:00'), range(6, '09:00', '13:00')] }]);
  });

  it('sends null to return a member to the business hours', async () => {
    serveStaff(() => [makeStaff({ hours: [{ dayOfWeek: 1, openTime: '10:00', closeTime: '14:00' }] })]);
    const sent = recorder<Record<string, unknown>>();
    server.use(http.put('/api/staff/21/hours', async ({ request }) => HttpResponse.json(await sent.take(request))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Hours for Marco' }));
    const dialog = await findDialog('Hours for Marco');
    expect(within(day(dialog, 'Monday')).getByLabelText('Monday range 1 start')).toHaveValue('10:00');
    expect(within(day(dialog, 'Tuesday')).getByText('Day off')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: "Use the business's hours" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save hours' }));
    await expectToast('Hours saved', "Marco works the business's hours.");
    expect(sent.bodies).toEqual([{ hours: null }]);
  });
});

describe('deactivating a member', () => {
  it('shows the refusal for upcoming appointments, offers to move them, and says how many moved', async () => {
    let members = [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })];
    serveStaff(() => members);
    const calls: string[] = [];
    server.use(http.delete('/api/staff/21', ({ request }) => {
      const reassign = new URL(request.url).searchParams.get('reassign') === 'true';
      calls.push(reassign ? 'reassign' : 'plain');
      if (!reassign) return apiError(409, 'Marco has 2 upcoming appointments: reassign them or cancel them first', 'CONFLICT');
      members = members.map((m) => (m.id === 21 ? { ...m, active: false } : m));
      return HttpResponse.json({ deactivated: true, reassigned: 2 });
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Marco?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    const offer = await screen.findByRole('alertdialog', { name: 'Marco has upcoming appointments' });
    expect(within(offer).getByText('Marco has 2 upcoming appointments: reassign them or cancel them first')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Move their appointments to others and deactivate' }));
    await expectToast('Staff member deactivated', 'Marco was deactivated; 2 appointments moved to others.');
    expect(calls).toEqual(['plain', 'reassign']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const marco = (await screen.findAllByTestId('staff-member'))[0];
    expect(await within(marco).findByText('Inactive')).toBeInTheDocument();
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
