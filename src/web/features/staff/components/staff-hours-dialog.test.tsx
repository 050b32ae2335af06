import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffHoursSchema } from '@contract/staff';
import { expectToast, findDialog } from '@/test/render';
import { http, HttpResponse, recorder, server } from '@/test/server';
import { makeStaff, renderTab, serveStaff } from './staff-test-support';

// A member's hours (DESIGN section 9): breaks as several ranges a day, an overlap refused where it
// is typed, a day without a range off, and back to the business's hours as null.

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
    expect(within(tuesday).getByRole('alert')).toHaveTextContent('9:00 AM – 5:00 PM and 4:00 PM – 10:00 PM overlap');
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
