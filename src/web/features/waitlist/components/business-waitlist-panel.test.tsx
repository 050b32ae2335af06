import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inDays, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { BusinessWaitlistPanel } from './business-waitlist-panel';

// "Join the waitlist" on a business's page (DESIGN section 11): service, date, window and member
// sent; the confirmation toast; the server's named refusal; a signed-out visitor sent to sign in and
// back to the page with the panel open and what they chose kept.

const services = [{ id: 3, name: 'Cut' }, { id: 4, name: 'Colour' }];
const staff = [{ id: 8, name: 'Marco' }, { id: 9, name: 'Ana' }];
const props = { businessId: 7, timeZone: 'America/New_York', services, staff };
const day = inDays(5);

/** Submits once the session is known (the button waits for it). */
async function submitWhenReady(user: ReturnType<typeof renderApp>['user']) {
  const submit = screen.getByRole('button', { name: 'Join the waitlist' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
}

describe('the business page waitlist panel', () => {
  it('sends the service, date, window and member chosen, and confirms with a toast', async () => {
    signedInAs(makeUser());
    const sent = recorder();
    server.use(http.post('/api/waitlist', async ({ request }) => HttpResponse.json({ id: 1, ...(await sent.take(request)) as object, status: 'waiting' }, { status: 201 })));
    const { user } = renderApp(<BusinessWaitlistPanel {...props} />, { path: '/book/7', route: '/book/:businessId' });
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await user.selectOptions(screen.getByLabelText('Service'), '4');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), day);
    await user.selectOptions(screen.getByLabelText('With'), '9');
    await user.selectOptions(screen.getByLabelText('Between'), '10:00');
    await user.selectOptions(screen.getByLabelText('And'), '11:30');
    await submitWhenReady(user);
    await expectToast('You are on the waitlist');
    expect(await screen.findByTestId('business-waitlist-joined')).toHaveTextContent('between 10:00 AM and 11:30 AM');
    expect(sent.bodies).toEqual([{ businessId: 7, serviceId: 4, date: day, fromTime: '10:00', toTime: '11:30', staffId: 9 }]);
  });

  it('names the refusal: one active entry per customer, business and date', async () => {
    signedInAs(makeUser());
    server.use(http.post('/api/waitlist', () => apiError(409, `You are already on the waitlist of Shop for ${day}: leave that entry first to change it`, 'INVALID_STATE')));
    const { user } = renderApp(<BusinessWaitlistPanel {...props} />, { path: `/book/7?waitlist=1&wlDate=${day}`, route: '/book/:businessId' });
    await submitWhenReady(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`You are already on the waitlist of Shop for ${day}`);
  });

  it('refuses a window that ends before it starts without sending', async () => {
    signedInAs(makeUser());
    const sent = recorder();
    server.use(http.post('/api/waitlist', async ({ request }) => (await sent.take(request), HttpResponse.json({}, { status: 201 }))));
    const { user } = renderApp(<BusinessWaitlistPanel {...props} />, { path: '/book/7?waitlist=1', route: '/book/:businessId' });
    await user.selectOptions(screen.getByLabelText('Between'), '12:00');
    await user.selectOptions(screen.getByLabelText('And'), '11:00');
    await submitWhenReady(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Until must be after From');
    expect(sent.bodies).toEqual([]);
  });

  it('sends a signed-out visitor to sign in, and brings back what they chose', async () => {
    signedInAs(null);
    const first = renderApp(<BusinessWaitlistPanel {...props} />, { path: '/book/7', route: '/book/:businessId' });
    await first.user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await first.user.selectOptions(screen.getByLabelText('Service'), '4');
    await first.user.selectOptions(screen.getByLabelText('Between'), '14:00');
    await first.user.selectOptions(screen.getByLabelText('And'), '16:00');
    await submitWhenReady(first.user);
    await expectToast('Sign in to join the waitlist');
    expect(first.location()).toMatch(/^\/login\?redirect=/);
    const back = decodeURIComponent(first.location().split('redirect=')[1]);
    expect(back).toMatch(/^\/book\/7\?/);
    first.unmount();

    signedInAs(makeUser());
    renderApp(<BusinessWaitlistPanel {...props} />, { path: back, route: '/book/:businessId' });
    expect(screen.getByLabelText('Service')).toHaveValue('4');
    expect(screen.getByLabelText('Between')).toHaveValue('14:00');
    expect(screen.getByLabelText('And')).toHaveValue('16:00');
  });
});
