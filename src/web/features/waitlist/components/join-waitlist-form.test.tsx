import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server } from '@/test/server';
import { JoinWaitlistForm } from './join-waitlist-form';

// "Notify me if something opens" on a full day (DESIGN section 11): the window chosen, what it sends,
// a window that ends before it starts refused before sending, the server's refusal shown.

const props = { businessId: 7, serviceId: 3, date: '2030-03-04', timeZone: 'America/New_York', signedIn: true };

describe('the join-waitlist form', () => {
  it('sends the chosen window for the day and says what happens next', async () => {
    const sent = recorder();
    server.use(http.post('/api/waitlist', async ({ request }) => HttpResponse.json({ id: 1, ...(await sent.take(request)) as object, status: 'waiting' }, { status: 201 })));
    renderApp(<JoinWaitlistForm {...props} staffId={5} />);
    await userEvent.selectOptions(screen.getByLabelText('Between'), '10:00');
    await userEvent.selectOptions(screen.getByLabelText('And'), '13:30');
    await userEvent.click(screen.getByRole('button', { name: /Notify me between/ }));
    expect(await screen.findByTestId('waitlist-joined')).toHaveTextContent(/we hold it for you for 10 minutes/i);
    expect(sent.bodies).toEqual([{ businessId: 7, serviceId: 3, date: '2030-03-04', fromTime: '10:00', toTime: '13:30', staffId: 5 }]);
  });

  it('refuses a window that ends before it starts without sending, and shows the server’s reason', async () => {
    const sent = recorder();
    server.use(http.post('/api/waitlist', async ({ request }) => (await sent.take(request), apiError(409, 'You are already on the waitlist of Shop for 2030-03-04', 'INVALID_STATE'))));
    renderApp(<JoinWaitlistForm {...props} />);
    await userEvent.selectOptions(screen.getByLabelText('Between'), '12:00');
    await userEvent.selectOptions(screen.getByLabelText('And'), '11:00');
    await userEvent.click(screen.getByRole('button', { name: /Notify me between/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Until must be after From');
    expect(sent.bodies).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText('And'), '14:00');
    await userEvent.click(screen.getByRole('button', { name: /Notify me between/ }));
    expect(await screen.findByText(/already on the waitlist/)).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    renderApp(<JoinWaitlistForm {...props} signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
