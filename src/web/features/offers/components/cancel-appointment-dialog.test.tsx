import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@contract/offers';
import { formatLongDate } from '@/components/ui/calendar';
import { queryKeys } from '@/lib/query-keys';
import { inDays, makeAppointment, makeOffer, makeUser, othersAppointment } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import CancelAppointmentDialog from './cancel-appointment-dialog';

// The cancel dialog says what happens to the money of every offer tied to the appointment, under the
// rules (DESIGN section 5), before the customer can confirm; cancelling refreshes offers and wallet.

const day = inDays(5);
const mine = makeAppointment({ id: 102, date: day, time: '09:00' });
const accepted = { status: 'accepted' as const, offerAmount: '38.00', currentAmount: '38.00', totalCharge: '43.00', recipientReceives: '36.10', actions: { accept: false, decline: false, counter: false, acceptCounter: false, cancel: false } };

/** GET /api/appointments/:id/offers answers `offers` (after `ms`), and the dialog opens as its screen holds it. */
function open(offers: Offer[], ms = 0) {
  server.use(
    http.get(`/api/appointments/${mine.id}/offers`, async () => {
      await delay(ms);
      return HttpResponse.json(offers);
    }),
  );
  return renderApp(<Opened />);
}

function Opened() {
  const [shown, setShown] = useState(true);
  return shown ? <CancelAppointmentDialog appointment={mine} onClose={() => setShown(false)} /> : <p>closed</p>;
}

const moneyOf = async () => within(await screen.findByTestId('cancel-money')).getAllByRole('listitem').map((li) => li.textContent);

describe('the cancel dialog of an appointment tied to offers', () => {
  it('an offer sent, still pending: withdrawn, and what it holds comes back', async () => {
    signedInAs(makeUser());
    open([makeOffer({ from: mine, heldAmount: '30.00' })]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveAccessibleDescription(`Classic Haircut at Downtown Barber Co. on ${formatLongDate(day)} at 9:00 AM will be cancelled. This cannot be undone.`);
    expect(await moneyOf()).toEqual(['Your pending offer of $25.00 to bob is withdrawn and the $30.00 held for it is returned to you.']);
  });

  it('an offer received, under negotiation: withdrawn, nothing paid', async () => {
    const received = makeOffer({ direction: 'incoming', counterpartName: 'alice', status: 'negotiating', currentAmount: '30.00', from: othersAppointment({ id: 103, date: day, time: '11:00' }), to: mine });
    open([received]);
    expect(await moneyOf()).toEqual(["alice's offer under negotiation of $30.00 for this appointment is withdrawn; alice gets the hold back and nothing is paid to you."]);
  });

  it('a slot bought through an accepted offer: not refunded, the seller paid when their visit is done', async () => {
    open([makeOffer({ ...accepted, from: mine, to: othersAppointment({ id: 101, date: day, time: '11:00' }) })]);
    expect(await moneyOf()).toEqual(['You paid $43.00 for this slot. Cancelling does not refund it; bob is paid when their visit is done.']);
  });

  it('a slot sold through an accepted offer: still paid, once the buyer’s visit is done', async () => {
    const sold = makeOffer({ ...accepted, direction: 'incoming', counterpartName: 'alice', from: othersAppointment({ id: 103, date: day, time: '08:00' }), to: mine });
    open([sold]);
    expect(await moneyOf()).toEqual(["alice paid $43.00 to swap with you, and the swap is final: cancelling does not change that. You receive $36.10 when alice's visit is done."]);
  });

  it('no offers: no money sentence; the confirm button waits until the ties are known, then cancels and refreshes offers, wallet and credit', async () => {
    signedInAs(makeUser());
    const patches = recorder<Record<string, unknown>>();
    server.use(
      http.patch(`/api/appointments/${mine.id}`, async ({ request }) => {
        await patches.take(request);
        return HttpResponse.json({ ...mine, status: 'cancelled' });
      }),
    );
    const { user, queryClient } = open([], 150);
    for (const key of [queryKeys.offers(7), queryKeys.wallet(), queryKeys.credits(7), queryKeys.myAppointments()]) queryClient.setQueryData(key, []);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Checking the offers tied to this appointment…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel Appointment' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled());
    expect(screen.queryByTestId('cancel-money')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    await expectToast('Appointment Cancelled', `Classic Haircut on ${formatLongDate(day)} was cancelled.`);
    await screen.findByText('closed');
    expect(patches.bodies).toEqual([{ status: 'cancelled' }]);
    for (const key of [queryKeys.offers(7), queryKeys.wallet(), queryKeys.credits(7), queryKeys.myAppointments()]) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
