import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { BookingPayment } from './booking-payment';

// DESIGN section 11: before confirming, the booking says what is held or may be charged, and when,
// and asks for the card (the test card form here: the test server's processor).
const render = (terms: Parameters<typeof BookingPayment>[0]['terms'], cancelCutoffMinutes: number | null) =>
  renderApp(<BookingPayment terms={terms} cancelCutoffMinutes={cancelCutoffMinutes} cardNumber="" onCardNumberChange={vi.fn()} declined={null} stripeCard={{ current: null }} />);

describe('the money line of the booking wizard', () => {
  it('a deposit: held now, paid on completion, refunded until the cut-off, kept after it or on a no-show', async () => {
    render({ paymentPolicy: 'deposit', depositCents: 2000 }, 1440);
    expect(screen.getByTestId('booking-money-line')).toHaveTextContent(
      'A deposit of $20.00 is held on your card now. It is paid to the business when your visit is completed, refunded in full if you cancel up to 24 h before the start, and kept by the business if you cancel later or do not show up.',
    );
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });

  it('a card on file: nothing now, the fees and when', () => {
    render({ paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 }, 120);
    expect(screen.getByTestId('booking-money-line')).toHaveTextContent(
      'Your card is kept on file and nothing is charged now. It is charged a no-show fee of $15.00 if you do not show up, or a late-cancellation fee of $10.00 if you cancel later than 2 h before the start.',
    );
  });

  it('no policy: no money line and no card step', () => {
    render({}, null);
    expect(screen.queryByTestId('booking-money-line')).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });
});
