import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PayoutsRoute from '@/routes/payouts';
import { makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { browserNavigation } from '../lib/leave-page';

const left = { urls: [] as string[] };

const owner = makeUser({ userType: 'business' });
const STRIPE_FORMS = 'https://connect.stripe.com/setup/e/acct_1/abc';

function answerStripePayouts() {
  const started = recorder<Record<string, unknown>>();
  server.use(
    http.get('/api/payment-config', () => HttpResponse.json({ processor: 'stripe', stripePublishableKey: 'pk_test_51Payouts' })),
    http.get('/api/payouts', () =>
      HttpResponse.json({
        setupNeeded: true,
        accounts: [
          { businessId: null, name: owner.username, status: 'not_started', paidOut: '0.00', waiting: '0.00' },
          { businessId: 5, name: 'Downtown Barber Co.', status: 'pending', paidOut: '0.00', waiting: '20.00' },
          { businessId: 6, name: 'Uptown Barber Co.', status: 'ready', paidOut: '35.00', waiting: '0.00' },
        ],
      }),
    ),
    http.post('/api/payouts/setup', async ({ request }) => {
      await started.take(request);
      return HttpResponse.json({ url: STRIPE_FORMS });
    }),
  );
  return started;
}

beforeEach(() => {
  left.urls = [];
  vi.spyOn(browserNavigation, 'leave').mockImplementation((url) => void left.urls.push(url));
  signedInAs(owner);
});

afterEach(() => vi.restoreAllMocks());

describe('the payouts screen', () => {
  it('shows each account as not started, pending or ready, and sends the owner to Stripe to set one up', async () => {
    const started = answerStripePayouts();
    const { user } = renderApp(<PayoutsRoute />, { path: '/payouts' });
    const mine = await screen.findByTestId('payout-user');
    expect(mine).toHaveTextContent('Your swap earningsNot started');
    expect(screen.getByTestId('payout-5')).toHaveTextContent('Downtown Barber Co.Pending');
    expect(screen.getByTestId('payout-6')).toHaveTextContent('Uptown Barber Co.Ready');
    expect(within(screen.getByTestId('payout-6')).queryByRole('button')).not.toBeInTheDocument();
    // what each account was paid and what waits for it: a business's deposits and fees, a person's swaps
    expect(within(screen.getByTestId('payout-5')).getByTestId('payout-money')).toHaveTextContent('Paid out $0.00 · $20.00 waiting to be paid out');
    expect(within(screen.getByTestId('payout-6')).getByTestId('payout-money')).toHaveTextContent('Paid out $35.00');
    expect(within(mine).queryByTestId('payout-money')).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(left.urls).toEqual([STRIPE_FORMS]));
    await user.click(within(screen.getByTestId('payout-5')).getByRole('button', { name: 'Continue setup' }));
    await waitFor(() => expect(started.bodies).toEqual([{}, { businessId: 5 }]));
  });

  it('says so when back from Stripe', async () => {
    const started = answerStripePayouts();
    renderApp(<PayoutsRoute />, { path: '/payouts?setup=returned' });
    expect(await screen.findByRole('status')).toHaveTextContent('Back from Stripe. Each status below is what Stripe says now.');
    expect(started.bodies).toEqual([]);
  });

  it('opens a fresh link once when Stripe says the last one expired', async () => {
    const started = answerStripePayouts();
    renderApp(<PayoutsRoute />, { path: '/payouts?setup=expired&business=5' });
    expect(await screen.findByRole('status')).toHaveTextContent('That setup link had expired. Opening a fresh one…');
    await waitFor(() => expect(left.urls).toEqual([STRIPE_FORMS]));
    expect(started.bodies).toEqual([{ businessId: 5 }]);
  });

  it('tells a failed setup and lets the owner try again', async () => {
    answerStripePayouts();
    server.use(http.post('/api/payouts/setup', () => apiError(503, 'Payout set-up is unavailable right now (timeout). Try again in a minute.', 'UNAVAILABLE')));
    const { user } = renderApp(<PayoutsRoute />, { path: '/payouts' });
    const button = within(await screen.findByTestId('payout-user')).getByRole('button', { name: 'Set up payouts' });
    await user.click(button);
    await expectToast('Payout setup failed', 'Payout set-up is unavailable right now (timeout). Try again in a minute.');
    expect(button).toBeEnabled();
    expect(left.urls).toEqual([]);
  });

  it('needs no setup with the test processor, and asks nothing about payouts', async () => {
    renderApp(<PayoutsRoute />, { path: '/payouts' });
    expect(await screen.findByText(/Payouts need no setup here/)).toBeInTheDocument();
  });
});
