import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClaimPayment } from '@contract/waitlist';
import { makeUser } from '@/test/fixtures';
import { answerPayments } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { ClaimButton } from './claim-button';

// Claiming a held time books it (DESIGN section 11): without a payment policy one tap; with one, the
// money line and the card step the booking wizard has, and the claim sends what a booking would.

const alice = makeUser();
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
const deposit: ClaimPayment = { paymentPolicy: 'deposit', depositCents: 2000, noShowFeeCents: null, lateCancelFeeCents: null, cancelCutoffMinutes: 1440 };
const cardOnFile: ClaimPayment = { paymentPolicy: 'card_on_file', depositCents: null, noShowFeeCents: 1500, lateCancelFeeCents: 1000, cancelCutoffMinutes: 120 };

function answerClaim() {
  const sent = recorder();
  server.use(http.post('/api/waitlist/4/claim', async ({ request }) => HttpResponse.json({ id: 4, status: 'claimed', ...(await sent.take(request)) as object })));
  return sent;
}

describe('claiming a held time', () => {
  it('without a payment policy: one tap, nothing sent but the claim', async () => {
    const sent = answerClaim();
    const { user } = renderApp(<ClaimButton entryId={4} expiresAt={inTenMinutes()} payment={null} />);
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    await expect.poll(() => sent.bodies).toEqual([{}]);
  });

  it('with a deposit: states the money, authorizes the deposit on the card and claims with it', async () => {
    signedInAs(alice);
    const payments = answerPayments({ userId: alice.id });
    const sent = answerClaim();
    const { user } = renderApp(<ClaimButton entryId={4} expiresAt={inTenMinutes()} payment={deposit} />);
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this time' });
    expect(within(dialog).getByTestId('booking-money-line')).toHaveTextContent(/deposit of \$20\.00 is held on your card now.*refunded in full if you cancel up to 24 h before the start/);
    expect(sent.bodies).toEqual([]);
    await user.type(await within(dialog).findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Authorize deposit and claim' }));
    await expect.poll(() => sent.bodies).toEqual([{ paymentIntentId: 'pi_1_secret' }]); // its client secret, which the server takes as the id
    expect(payments.authorized).toEqual(['20.00']);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('with a card on file: states the fees, saves the card and claims with it; Escape closes without claiming', async () => {
    signedInAs(alice);
    const sent = answerClaim();
    server.use(http.post('/api/payment-methods', () => HttpResponse.json({ paymentMethodId: 'pm_1', brand: 'visa', last4: '4242' }, { status: 201 })));
    const { user } = renderApp(<ClaimButton entryId={4} expiresAt={inTenMinutes()} payment={cardOnFile} />);
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    let dialog = await screen.findByRole('dialog', { name: 'Claim this time' });
    expect(within(dialog).getByTestId('booking-money-line')).toHaveTextContent(/no-show fee of \$15\.00.*late-cancellation fee of \$10\.00/);
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(sent.bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Claim' }));
    dialog = await screen.findByRole('dialog', { name: 'Claim this time' });
    await user.type(await within(dialog).findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Save card and claim' }));
    await expect.poll(() => sent.bodies).toEqual([{ paymentMethodId: 'pm_1' }]);
  });
});
