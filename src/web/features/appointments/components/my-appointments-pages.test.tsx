import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import { inDays, makeAppointment, makeUser } from '@/test/fixtures';
import { answerPages } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { apiError, http, server, signedInAs } from '@/test/server';
import { MyAppointments } from './my-appointments';

// My Appointments over a history longer than a page (DESIGN section 10): the server sends the latest
// start first, a page at a time, with the next page in its Link header.

const NoDialog = () => null;
const latestFirst = (a: Appointment, b: Appointment) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`) || b.id - a.id;
const heading = (name: RegExp) => screen.getByRole('heading', { name, level: 2 });

describe('My Appointments, a page at a time', () => {
  it('shows every upcoming appointment at once, older ones on Show more, and keeps what it showed', async () => {
    signedInAs(makeUser());
    const upcoming = [3, 4, 5].map((d) => makeAppointment({ id: 100 + d, date: inDays(d), serviceName: `Visit in ${d} days` }));
    const past = [1, 2, 3, 4, 5].map((d) => makeAppointment({ id: 200 + d, date: inDays(-d), status: 'completed', serviceName: `Visit ${d} days ago` }));
    const asked = answerPages('/api/appointments', 2, () => [...upcoming, ...past].sort(latestFirst));
    const { user } = renderApp(<MyAppointments MoveBackDialog={NoDialog} CancelDialog={NoDialog} />);

    // The first page held two upcoming ones: the next was fetched without asking, up to the first past one.
    await waitFor(() => expect(heading(/Upcoming/)).toHaveTextContent('Upcoming (3)'));
    expect(heading(/Past and cancelled/)).toHaveTextContent('(1+)');
    expect(asked).toEqual(['/api/appointments', '/api/appointments?cursor=2']);
    const upcomingCards = within(heading(/Upcoming/).closest('section')!).getAllByTestId('appointment-card');
    expect(upcomingCards.map((c) => c.textContent?.match(/Visit in \d days/)?.[0])).toEqual(['Visit in 3 days', 'Visit in 4 days', 'Visit in 5 days']);

    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(heading(/Past and cancelled/)).toHaveTextContent('(3+)'));
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(heading(/Past and cancelled/)).toHaveTextContent('(5)'));
    expect(screen.queryByRole('button', { name: 'Show more appointments' })).not.toBeInTheDocument();
    expect(asked).toEqual(['/api/appointments', '/api/appointments?cursor=2', '/api/appointments?cursor=4', '/api/appointments?cursor=6']);
    // Nothing shown before was lost on the way.
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(8);
    expect(heading(/Upcoming/)).toHaveTextContent('Upcoming (3)');
  });

  it('asks the server for a status, so a match on a page not loaded yet is found', async () => {
    signedInAs(makeUser());
    const history = Array.from({ length: 12 }, (_, i) => makeAppointment({ id: 300 + i, date: inDays(-1 - i), status: 'completed' }));
    const oldest = makeAppointment({ id: 399, date: inDays(-40), status: 'cancelled', serviceName: 'Long ago' });
    const asked = answerPages('/api/appointments', 5, (url) => {
      const status = url.searchParams.get('status');
      return [...history, oldest].filter((a) => !status || a.status === status).sort(latestFirst);
    });
    const { user } = renderApp(<MyAppointments MoveBackDialog={NoDialog} CancelDialog={NoDialog} />);
    await waitFor(() => expect(screen.getAllByTestId('appointment-card')).toHaveLength(5));
    expect(screen.queryByText('Long ago', { exact: false })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(await screen.findByText('Long ago', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(1);
    expect(asked.at(-1)).toBe('/api/appointments?status=cancelled');
    expect(screen.queryByRole('button', { name: 'Show more appointments' })).not.toBeInTheDocument();
  });

  it('a failed page keeps what is shown and offers to try again', async () => {
    signedInAs(makeUser());
    const history = Array.from({ length: 4 }, (_, i) => makeAppointment({ id: 500 + i, date: inDays(-1 - i), status: 'completed' }));
    answerPages('/api/appointments', 2, () => history.sort(latestFirst));
    const { user } = renderApp(<MyAppointments MoveBackDialog={NoDialog} CancelDialog={NoDialog} />);
    await waitFor(() => expect(screen.getAllByTestId('appointment-card')).toHaveLength(2));
    server.use(http.get('/api/appointments', () => apiError(503, 'The service is busy', 'UNAVAILABLE'), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more. Please try again.');
    expect(screen.getAllByTestId('appointment-card')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(screen.getAllByTestId('appointment-card')).toHaveLength(4));
  });
});
