import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { updateBusinessSchema } from '@contract/businesses';
import BusinessDashboardRoute from '@/routes/business-dashboard';
import { formatClock } from '@/lib/business-time';
import { inDays, makeAppointment, makeBusiness, makeService, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { CompleteAppointmentDialog } from './complete-appointment-dialog';
import { EditBusinessDialog } from './edit-business-dialog';
import { ServiceFormDialog } from './service-form-dialog';
import { SettingsTab } from './settings-tab';
import { TimeSlotFormDialog } from './time-slot-form-dialog';
import { WeeklyHoursEditor } from './weekly-hours-editor';

// The business dashboard's forms and dialogs without a browser: who may open it, each form's messages
// and defaults, Escape, what is saved, and what Settings shows. tests/e2e/dashboard*.e2e.ts manage a
// business through the real app.

const business = makeBusiness({ operatingHours: 'Weekdays nine to five, Saturday mornings' });

/** A dialog as its tab holds it: open until it asks to close. */
function Held({ children }: { children: (open: boolean, setOpen: (open: boolean) => void) => React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return <>{children(open, setOpen)}{!open && <p>closed</p>}</>;
}

describe('who may open the dashboard', () => {
  it('sends visitors and customers to sign in as a business, and asks a business without one to register it', async () => {
    const visitor = renderApp(<BusinessDashboardRoute />, { path: '/business-dashboard', route: '/business-dashboard' });
    await waitFor(() => expect(visitor.location()).toBe('/login?redirect=/business-dashboard'));
    visitor.unmount();

    signedInAs(makeUser());
    const customer = renderApp(<BusinessDashboardRoute />, { path: '/business-dashboard', route: '/business-dashboard' });
    await waitFor(() => expect(customer.location()).toBe('/login?redirect=/business-dashboard'));
    customer.unmount();

    signedInAs(makeUser({ id: 9, username: 'newbiz', userType: 'business', businessId: null }));
    renderApp(<BusinessDashboardRoute />, { path: '/business-dashboard' });
    expect(await screen.findByRole('heading', { name: 'Set up your business' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Business' })).toHaveAttribute('href', '/business-register');
    expect(screen.getByRole('link', { name: 'Register Restaurant' })).toHaveAttribute('href', '/restaurant-register');
  });
});

describe('the service form', () => {
  it('requires a name, a duration and a price, in cents, and sends numbers', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<Held>{(open, setOpen) => <ServiceFormDialog open={open} service={null} busy={false} onOpenChange={setOpen} onSubmit={onSubmit} />}</Held>);
    const dialog = await screen.findByRole('dialog', { name: 'Add Service' });
    expect(within(dialog).getByLabelText('Duration (minutes)')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Price ($)')).toHaveAttribute('step', '0.01');
    await user.clear(within(dialog).getByLabelText('Duration (minutes)'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    for (const message of ['Service name is required.', 'Valid duration is required.', 'Valid price is required.']) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Service name'), 'Deluxe Shave');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Hot towel and balm.');
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '40');
    await user.type(within(dialog).getByLabelText('Price ($)'), '42.50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: 'Deluxe Shave', description: 'Hot towel and balm.', duration: 40, price: '42.50' });
  });

  it('edits a service prefilled, and Escape closes it', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<Held>{(open, setOpen) => <ServiceFormDialog open={open} service={makeService()} busy={false} onOpenChange={setOpen} onSubmit={onSubmit} />}</Held>);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(dialog).getByLabelText('Service name')).toHaveValue('Classic Haircut');
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await screen.findByText('closed');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the time-slot form', () => {
  it("starts at 17:00-23:00 every 30 minutes, active, and says 'Start time is required', not a schema message", async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<TimeSlotFormDialog open businessId={2} slot={null} busy={false} onOpenChange={() => undefined} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Time Slot' });
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('17:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('23:00');
    expect(within(dialog).getByLabelText('Interval')).toHaveValue('30');
    expect(within(within(dialog).getByLabelText('Interval')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Every 15 minutes', 'Every 30 minutes', 'Every 60 minutes']);
    expect(within(dialog).getByRole('checkbox', { name: 'Active (offered to guests)' })).toHaveAttribute('aria-checked', 'true');

    await user.clear(within(dialog).getByLabelText('Start time'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Time Slot' }));
    expect(await within(dialog).findByText('Start time is required')).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/HH:mm|startTime|endTime|End time must be after start time/);
    await user.type(within(dialog).getByLabelText('Start time'), '23:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Time Slot' }));
    expect(await within(dialog).findByText('End time must be after start time')).toBeInTheDocument();
    expect(within(dialog).queryByText('Start time is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByLabelText('Day'), '0');
    await user.clear(within(dialog).getByLabelText('Start time'));
    await user.type(within(dialog).getByLabelText('Start time'), '12:00');
    await user.clear(within(dialog).getByLabelText('End time'));
    await user.type(within(dialog).getByLabelText('End time'), '14:00');
    await user.selectOptions(within(dialog).getByLabelText('Interval'), '15');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active (offered to guests)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Time Slot' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ businessId: 2, dayOfWeek: 0, startTime: '12:00', endTime: '14:00', intervalMinutes: 15, isActive: false });
  });
});

describe('the edit-details dialog', () => {
  function answerPatch() {
    const sent = recorder<Record<string, unknown>>();
    server.use(
      http.patch(`/api/businesses/${business.id}`, async ({ request }) => {
        const changes = updateBusinessSchema.parse(await sent.take(request));
        return HttpResponse.json({ ...business, ...changes });
      }),
    );
    return sent;
  }

  it('checks the name and the website, saves the changes, and Escape closes without saving', async () => {
    const sent = answerPatch();
    const { user } = renderApp(<Held>{(open, setOpen) => <EditBusinessDialog business={business} open={open} onOpenChange={setOpen} />}</Held>);
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    expect(within(dialog).getByLabelText('Business name')).toHaveValue('Downtown Barber Co.');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('America/New_York');
    await user.clear(within(dialog).getByLabelText('Business name'));
    await user.type(within(dialog).getByLabelText('Website (optional)'), 'not a site');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Business name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Website must be a valid URL (https://...)')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Business name'), 'Renamed Studio');
    await user.clear(within(dialog).getByLabelText('Website (optional)'));
    await user.type(within(dialog).getByLabelText('Website (optional)'), 'https://studio.example');
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/London');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Business Updated', "Renamed Studio's details are saved.");
    await screen.findByText('closed');
    expect(sent.bodies[0]).toMatchObject({ businessName: 'Renamed Studio', website: 'https://studio.example', timeZone: 'Europe/London' });
  });

  it('Escape closes the editor without saving', async () => {
    const sent = answerPatch();
    const { user } = renderApp(<Held>{(open, setOpen) => <EditBusinessDialog business={business} open={open} onOpenChange={setOpen} />}</Held>);
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    await user.type(within(dialog).getByLabelText('Description', { exact: true }), ' Not saved');
    await user.keyboard('{Escape}');
    await screen.findByText('closed');
    expect(sent.bodies).toEqual([]);
  });
});

describe('weekly hours', () => {
  it('refuses a closing time before the opening time, and saves the week', async () => {
    const sent = recorder<{ hours: unknown[] }>();
    const hours = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' }));
    server.use(
      http.get(`/api/businesses/${business.id}/hours`, () => HttpResponse.json({ businessId: business.id, hours })),
      http.put(`/api/businesses/${business.id}/hours`, async ({ request }) => HttpResponse.json({ businessId: business.id, ...(await sent.take(request)) })),
    );
    const { user } = renderApp(<WeeklyHoursEditor businessId={business.id} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Saturday' }));
    await user.clear(screen.getByLabelText('Saturday opening time'));
    await user.type(screen.getByLabelText('Saturday opening time'), '14:00');
    await user.clear(screen.getByLabelText('Saturday closing time'));
    await user.type(screen.getByLabelText('Saturday closing time'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Saturday closing time'));
    await user.type(screen.getByLabelText('Saturday closing time'), '18:00');
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    await expectToast('Hours Updated');
    expect(sent.bodies[0].hours).toEqual([
      { dayOfWeek: 1, openTime: '09:00', closeTime: '17:00' },
      { dayOfWeek: 2, openTime: '09:00', closeTime: '17:00' },
      { dayOfWeek: 3, openTime: '09:00', closeTime: '17:00' },
      { dayOfWeek: 4, openTime: '09:00', closeTime: '17:00' },
      { dayOfWeek: 6, openTime: '14:00', closeTime: '18:00' },
    ]);
  });
});

describe('Settings', () => {
  it('shows the hours in force, read-only, and the free text as a description', async () => {
    server.use(http.get(`/api/businesses/${business.id}/hours`, () => HttpResponse.json({ businessId: business.id, hours: [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' })).concat({ dayOfWeek: 6, openTime: '10:00', closeTime: '14:00' }) })));
    renderApp(<SettingsTab business={business} />);
    const week = await screen.findByRole('list', { name: 'Weekly hours' });
    const line = (day: string) => within(week).getAllByRole('listitem').find((l) => l.textContent?.startsWith(day))!;
    expect(line('Monday')).toHaveTextContent('Monday9:00 AM – 5:00 PM');
    expect(line('Saturday')).toHaveTextContent('Saturday10:00 AM – 2:00 PM');
    expect(line('Sunday')).toHaveTextContent('SundayClosed');
    expect(screen.queryByText('Operating hours', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByText('Opening hours description')).toBeInTheDocument();
    expect(screen.getByText('Weekdays nine to five, Saturday mornings')).toBeInTheDocument();
    expect(document.querySelectorAll('input, textarea, select')).toHaveLength(0);
    // The zone as people say it, never its IANA name alone.
    expect(screen.getByTitle('America/New_York')).toHaveTextContent(/^New York time \((EST|EDT)\)$/);
  });
});

describe('completing an appointment', () => {
  const future = makeAppointment({ customerName: 'Future Guest 1', serviceName: 'Private session', date: inDays(2), time: '10:00' });

  it('asks first, says it has not started yet and mentions escrow only for a swapped one; Escape keeps it', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { user, rerender } = renderApp(<CompleteAppointmentDialog appointment={future} releasesEscrow={false} timeZone="America/New_York" busy={false} onConfirm={onConfirm} onClose={onClose} />);
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete this appointment?' });
    expect(confirm).toHaveAccessibleDescription(
      new RegExp(`^Future Guest 1's Private session on .* at ${formatClock('10:00', 'America/New_York')} will be marked completed\\. This appointment has not started yet\\.$`),
    );
    expect(within(confirm).queryByText(/escrow/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();

    rerender(<CompleteAppointmentDialog appointment={future} releasesEscrow timeZone="America/New_York" busy={false} onConfirm={onConfirm} onClose={onClose} />);
    expect(await screen.findByText(/releases the escrow to the customer who gave up their slot/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Completed' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
