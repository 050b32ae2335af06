import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import type { Review } from '@contract/reviews';
import AppointmentsRoute from '@/routes/appointments';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';

// The review prompt on My Appointments (DESIGN section 10): a completed visit invites a review; the
// dialog's stars are radio buttons the keyboard moves; the text has a counter; Escape closes; errors
// are shown in the dialog; a reviewed visit shows its stars.

const alice = makeUser();
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();

function answer(appointments: Appointment[]) {
  signedInAs(alice);
  const posts = recorder<{ rating: number; text: string }>();
  server.use(
    http.get('/api/appointments', () => HttpResponse.json(appointments)),
    http.get(`/api/credits/${alice.id}`, () => HttpResponse.json({ userId: alice.id, credits: '0.00', pending: '0.00' })),
    http.get(`/api/credits/${alice.id}/transactions`, () => HttpResponse.json([])),
    http.get('/api/wallet', () => HttpResponse.json({ credits: '0.00', pendingCredits: '0.00', heldInEscrow: '0.00', pendingIncoming: '0.00', earnings: '0.00' })),
    http.get('/api/queue-jump-offers', () => HttpResponse.json([])),
    http.post('/api/appointments/:id/review', async ({ request, params }) => {
      const body = await posts.take(request);
      const i = appointments.findIndex((a) => a.id === Number(params.id));
      appointments[i] = { ...appointments[i], review: { id: 900, rating: body.rating }, reviewableUntil: null };
      const review: Partial<Review> = { id: 900, businessId: appointments[i].businessId, rating: body.rating, text: body.text };
      return HttpResponse.json(review, { status: 201 });
    }),
  );
  return posts;
}

describe('reviewing a completed visit', () => {
  it('rates by keyboard, counts the text, publishes with a toast, and then shows the stars', async () => {
    const visit = makeAppointment({ id: 77, date: inDays(-2), status: 'completed', reviewableUntil: inAWeek });
    const posts = answer([visit]);
    const { user } = renderApp(<AppointmentsRoute />);
    const card = await screen.findByTestId('appointment-card');
    expect(within(card).getByText('How was it?')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Leave a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'How was it?' });

    // Sent without stars: the dialog says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5 stars.');

    // Keyboard: Tab reaches the stars, arrows move the choice.
    const three = within(dialog).getByRole('radio', { name: '3 stars, Good' });
    three.focus();
    await user.keyboard(' ');
    expect(three).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();

    await user.type(within(dialog).getByLabelText(/Tell others about it/), 'Great cut');
    expect(within(dialog).getByText('9/2000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    await expectToast('Thanks for your review', /4-star review/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts.bodies).toEqual([{ rating: 4, text: 'Great cut' }]);
    await waitFor(() => expect(within(screen.getByTestId('appointment-card')).getByTestId('my-review')).toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.queryByText('How was it?')).not.toBeInTheDocument();
  });

  it('closes on Escape, and shows the server’s refusal in the dialog', async () => {
    answer([makeAppointment({ id: 78, date: inDays(-1), status: 'completed', reviewableUntil: inAWeek })]);
    server.use(http.post('/api/appointments/:id/review', () => apiError(409, 'You have already reviewed this visit', 'ALREADY_REVIEWED')));
    const { user } = renderApp(<AppointmentsRoute />);
    const card = await screen.findByTestId('appointment-card');
    await user.click(within(card).getByRole('button', { name: 'Leave a review' }));
    await screen.findByRole('dialog', { name: 'How was it?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Leave a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'How was it?' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars, Excellent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reviewed this visit');
  });

  it('invites no review when the window has passed, or before completion', async () => {
    answer([
      makeAppointment({ id: 79, date: inDays(-40), status: 'completed', reviewableUntil: new Date(Date.now() - 86_400_000).toISOString() }),
      makeAppointment({ id: 80, date: inDays(3) }),
    ]);
    renderApp(<AppointmentsRoute />);
    expect(await screen.findAllByTestId('appointment-card')).toHaveLength(2);
    expect(screen.queryByTestId('review-prompt')).not.toBeInTheDocument();
  });
});
