import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicStaffMember } from '@contract/staff';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { AppointmentsTab } from './appointments-tab';

// Who serves each appointment on the owner's list, and the list narrowed to one member (DESIGN section 9).

const owner = makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 });
const day = inDays(2);
const marco: PublicStaffMember = { id: 21, name: 'Marco', bio: '', serviceIds: [] };
const lena: PublicStaffMember = { id: 22, name: 'Lena', bio: '', serviceIds: [] };
const sam: PublicStaffMember = { id: 23, name: 'Sam', bio: '', serviceIds: [] };
const appointments = [
  makeAppointment({ id: 1, customerName: 'Alice Archer', date: day, time: '09:00', staffId: marco.id, staffName: 'Marco', staffRequested: true }),
  makeAppointment({ id: 2, customerName: 'Bob Baker', date: day, time: '09:00', staffId: lena.id, staffName: 'Lena' }),
  makeAppointment({ id: 3, customerName: 'Cleo Cole', date: day, time: '10:00', staffId: marco.id, staffName: 'Marco' }),
];

function tab(staff: PublicStaffMember[]) {
  signedInAs(owner);
  const staffReads = { count: 0 };
  server.use(
    http.get('/api/businesses/1/swaps', () => HttpResponse.json([])),
    http.get('/api/businesses/1/staff', () => {
      staffReads.count++;
      return HttpResponse.json(staff);
    }),
  );
  return { staffReads, ...renderApp(<AppointmentsTab businessId={1} serviceBusiness appointments={appointments} loading={false} error={null} onRetry={() => undefined} timeZone="America/New_York" />) };
}

const customers = () => screen.getAllByTestId('business-appointment').map((row) => row.querySelector('p')?.textContent);
const rowOf = (name: string) => screen.getAllByTestId('business-appointment').find((r) => r.textContent?.includes(name))!;

describe("the owner's appointments by staff member", () => {
  it('says who serves each one and filters the list to one member', async () => {
    const { user } = tab([marco, lena, sam]);
    const select = await screen.findByRole('combobox', { name: 'Staff' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All staff', 'Marco', 'Lena', 'Sam']);
    expect(within(rowOf('Alice Archer')).getByTestId('appointment-staff')).toHaveTextContent('with Marco (requested)');
    expect(within(rowOf('Bob Baker')).getByTestId('appointment-staff')).toHaveTextContent(/^with Lena$/);
    expect(customers()).toHaveLength(3);

    await user.selectOptions(select, 'Marco');
    await waitFor(() => expect(customers()).toHaveLength(2));
    expect(customers().sort()).toEqual(['Alice Archer', 'Cleo Cole']);
    await user.selectOptions(select, 'Lena');
    await waitFor(() => expect(customers()).toEqual(['Bob Baker']));
    // Both filters at once: Lena's cancelled ones are none.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'cancelled');
    expect(await screen.findByText('No appointments with Lena match this filter')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    await user.selectOptions(select, 'Sam');
    expect(await screen.findByText('No appointments with Sam match this filter')).toBeInTheDocument();
    await user.selectOptions(select, 'All staff');
    await waitFor(() => expect(customers()).toHaveLength(3));
  });

  it('shows neither the filter nor the names where the shop has one member', async () => {
    const { staffReads, queryClient } = tab([{ ...marco, name: 'Downtown Barber Co.' }]);
    await screen.findAllByTestId('business-appointment');
    // The staff list was read and its answer taken in (no query fetching) before asserting it changed nothing.
    await waitFor(() => expect(staffReads.count).toBe(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('combobox', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('appointment-staff')).not.toBeInTheDocument();
  });
});
