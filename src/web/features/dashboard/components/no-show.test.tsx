import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { AppointmentsTab } from './appointments-tab';

// DESIGN section 11: the owner marks a missed visit a no-show from 15 minutes after its start, after a
// confirm that says what it costs the customer; not before (the server's 409 is an API test).

const owner = makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 });
const yesterday = makeAppointment({ id: 201, customerId: 7, customerName: 'Nora Show', date: inDays(-1), time: '10:00', deposit: { amount: '20.00', status: 'held' } });
const tomorrow = makeAppointment({ id: 202, customerId: 8, customerName: 'Otto Later', date: inDays(1), time: '10:00' });

function tab(appointments: Appointment[]) {
  signedInAs(owner);
  const posted: number[] = [];
  server.use(
    http.get('/api/businesses/1/swaps', () => HttpResponse.json([])),
    http.post('/api/appointments/:id/no-show', ({ params }) => {
      posted.push(Number(params.id));
      const a = appointments.find((x) => x.id === Number(params.id))!;
      return HttpResponse.json({ ...a, status: 'no_show', deposit: { amount: '20.00', status: 'kept' } });
    }),
  );
  return { ...renderApp(<AppointmentsTab businessId={1} appointments={appointments} loading={false} error={null} onRetry={() => undefined} timeZone="America/New_York" />), posted };
}

describe("the owner's No-show action", () => {
  it('is offered once the visit started 15 minutes ago, confirmed first with its money, and posts once', async () => {
    const { user, posted } = tab([yesterday, tomorrow]);
    const rows = await screen.findAllByTestId('business-appointment');
    const missed = rows.find((r) => within(r).queryByText('Nora Show'))!;
    const later = rows.find((r) => within(r).queryByText('Otto Later'))!;
    expect(within(later).queryByRole('button', { name: 'No-show' })).toBeNull();
    expect(within(missed).getByTestId('deposit-line')).toHaveTextContent('Deposit $20.00 held on the card');
    await user.click(within(missed).getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as a no-show?' });
    expect(dialog).toHaveTextContent('Their deposit of $20.00 is kept and paid to your earnings.');
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark No-show' }));
    await expectToast('Marked as No-show');
    expect(posted).toEqual([201]);
  });

  it('Not now closes the confirm and changes nothing', async () => {
    const { user, posted } = tab([yesterday]);
    const row = await screen.findByTestId('business-appointment');
    await user.click(within(row).getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as a no-show?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted).toEqual([]);
  });
});
