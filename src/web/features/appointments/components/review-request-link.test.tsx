import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import AppointmentsRoute from '@/routes/appointments';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';

// Issue 27: completing a visit sends its customer a notification linking to /appointments?review=<id>,
// which opens that visit's review dialog; a visit already reviewed (or unknown) opens nothing.

const alice = makeUser();
const done = (over: Partial<Appointment> = {}) =>
  makeAppointment({ id: 41, date: inDays(-1), time: '10:00', status: 'completed', review: null, reviewableUntil: new Date(Date.now() + 29 * 86_400_000).toISOString(), ...over });

function answer(appointments: Appointment[]) {
  signedInAs(alice);
  server.use(
    http.get('/api/appointments', () => HttpResponse.json(appointments)),
    http.get(`/api/credits/${alice.id}`, () => HttpResponse.json({ userId: alice.id, credits: '0.00', pending: '0.00' })),
    http.get(`/api/credits/${alice.id}/transactions`, () => HttpResponse.json([])),
    http.get('/api/wallet', () => HttpResponse.json({ credits: '0.00', pendingCredits: '0.00', heldInEscrow: '0.00', pendingIncoming: '0.00', earnings: '0.00' })),
    http.get('/api/queue-jump-offers', () => HttpResponse.json([])),
    http.get('/api/appointments/:id/offers', () => HttpResponse.json([])),
  );
}

describe('a review request link', () => {
  it("opens the visit's review dialog, and the address loses the request so Back or a reload does not reopen it", async () => {
    answer([done()]);
    const { location } = renderApp(<AppointmentsRoute />, { path: '/appointments?review=41' });
    expect(await screen.findByRole('dialog', { name: 'How was it?' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/appointments'));
  });

  it('opens nothing for a visit already reviewed', async () => {
    answer([done({ review: { id: 5, rating: 5, text: 'Great', createdAt: new Date().toISOString() } as Appointment['review'], reviewableUntil: null })]);
    const { location } = renderApp(<AppointmentsRoute />, { path: '/appointments?review=41' });
    await screen.findByTestId('appointment-card');
    await waitFor(() => expect(location()).toBe('/appointments'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
