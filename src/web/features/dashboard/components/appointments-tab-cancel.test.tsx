import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@contract/appointments';
import type { Offer } from '@contract/offers';
import { formatLongDate } from '@/components/ui/calendar';
import { queryKeys } from '@/lib/query-keys';
import { inDays, makeAppointment, makeOffer, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { AppointmentsTab } from './appointments-tab';

// The business's cancel dialog says, before the owner can confirm, what happens to the money of every
// offer tied to the appointment under the rules (DESIGN section 5), in the owner's words: the business
// cancelling a slot a customer bought refunds that customer; a sold slot's seller is still paid; live
// offers end and their holds return. tests/e2e/owner-cancel-money.e2e.ts walks it in the real app.

const day = inDays(4);
const owner = makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 });
// Alice paid $43.00 ($38.00 + the $5.00 fee) to swap her 11:00 for Bob's 9:00: after acceptance hers is at 9:00.
const alices = makeAppointment({ id: 102, customerId: 7, customerName: 'Alice Archer', date: day, time: '09:00' });
const bobs = makeAppointment({ id: 101, customerId: 8, customerName: 'Bob Baker', date: day, time: '11:00' });
const accepted = { status: 'accepted' as const, offerAmount: '38.00', currentAmount: '38.00', totalCharge: '43.00', recipientReceives: '36.10' };

/** The owner's Appointments tab with these appointments; GET /api/appointments/:id/offers answers `ties[id]`. */
function tab(ties: Record<number, Offer[]>, appointments: Appointment[] = [alices, bobs], ms = 0) {
  signedInAs(owner);
  const swapReads = { count: 0 };
  server.use(
    http.get('/api/businesses/1/swaps', () => {
      swapReads.count++;
      return HttpResponse.json([]);
    }),
    http.get('/api/appointments/:id/offers', async ({ params }) => {
      await delay(ms);
      return HttpResponse.json(ties[Number(params.id)] ?? []);
    }),
  );
  return { ...renderApp(<AppointmentsTab businessId={1} appointments={appointments} loading={false} error={null} onRetry={() => undefined} timeZone="America/New_York" />), swapReads };
}

/** Clicks Cancel on the row of the customer named `name` and returns the dialog. */
async function cancelRowOf(user: ReturnType<typeof tab>['user'], name: string) {
  const row = (await screen.findAllByTestId('business-appointment')).find((r) => r.textContent?.includes(name))!;
  await user.click(within(row).getByRole('button', { name: 'Cancel' }));
  return screen.findByRole('alertdialog', { name: 'Cancel this appointment?' });
}

const moneyOf = async () => within(await screen.findByTestId('cancel-money')).getAllByRole('listitem').map((li) => li.textContent);

describe("the business's cancel dialog says what happens to the money", () => {
  it("a slot a customer bought: cancelling it refunds them in full once the seller's visit is done, and pays no one", async () => {
    const { user } = tab({ [alices.id]: [makeOffer({ ...accepted, asOwner: true, from: alices, to: bobs })] });
    const dialog = await cancelRowOf(user, 'Alice Archer');
    expect(dialog).toHaveAccessibleDescription(`Alice Archer's Classic Haircut on ${formatLongDate(day)} at 9:00 AM will be cancelled.`);
    expect(await moneyOf()).toEqual([
      "Alice Archer paid $43.00 to move into this slot. Cancelling refunds the $43.00 to Alice Archer's card once Bob Baker's visit is done; Bob Baker is not paid and no fees are charged.",
    ]);
  });

  it('the same slot once the seller’s visit is over: refunded now; paid in Que Credit, refunded to it', async () => {
    const bobDone = { ...bobs, status: 'completed' as const };
    const { user } = tab({ [alices.id]: [makeOffer({ ...accepted, paymentMethod: 'credits', asOwner: true, from: alices, to: bobDone })] });
    await cancelRowOf(user, 'Alice Archer');
    expect(await moneyOf()).toEqual([
      "Alice Archer paid $43.00 to move into this slot. Cancelling refunds the $43.00 to Alice Archer's Que Credit now; Bob Baker is not paid and no fees are charged.",
    ]);
  });

  it('a slot a customer sold: the swap is final, the seller still paid once the buyer’s visit is done', async () => {
    const { user } = tab({ [bobs.id]: [makeOffer({ ...accepted, asOwner: true, from: alices, to: bobs })] });
    await cancelRowOf(user, 'Bob Baker');
    expect(await moneyOf()).toEqual([
      'Alice Archer paid $43.00 to swap slots with Bob Baker, who moved to this one. Cancelling does not undo that: nothing is refunded, and Bob Baker receives $36.10 once Alice Archer\'s visit is done.',
    ]);
  });

  it('a slot a customer sold, after the business cancelled the slot they sold it for: the buyer is refunded now', async () => {
    const alicesCancelled = { ...alices, status: 'cancelled' as const };
    const { user } = tab({ [bobs.id]: [makeOffer({ ...accepted, refundsPayer: true, asOwner: true, from: alicesCancelled, to: bobs })] });
    await cancelRowOf(user, 'Bob Baker');
    expect(await moneyOf()).toEqual([
      "You cancelled the slot Alice Archer paid $43.00 for, so cancelling this one refunds the $43.00 to Alice Archer's card now; Bob Baker is not paid and no fees are charged.",
    ]);
  });

  it('live offers on it end: each payer’s hold comes back and nothing is paid', async () => {
    const carol = makeAppointment({ id: 103, customerId: 9, customerName: 'Carol Chen', date: day, time: '15:00' });
    const pending = makeOffer({ asOwner: true, from: alices, to: bobs, currentAmount: '25.00' });
    const countered = makeOffer({ id: 502, asOwner: true, from: carol, to: bobs, status: 'negotiating', paymentMethod: 'credits', currentAmount: '30.00' });
    const { user } = tab({ [bobs.id]: [pending, countered] }, [alices, bobs, carol]);
    await cancelRowOf(user, 'Bob Baker');
    expect(await moneyOf()).toEqual([
      "Alice Archer's pending offer of $25.00 to swap slots with Bob Baker is withdrawn; the hold on Alice Archer's card is released and nothing is paid.",
      "Carol Chen's offer under negotiation of $30.00 to swap slots with Bob Baker is withdrawn; the Que Credit Carol Chen put up is returned and nothing is paid.",
    ]);
  });

  it('a table handed over: the restaurant cancelling the buyer’s reservation refunds them now (the seller has none left)', async () => {
    const table = { businessType: 'restaurant' as const, serviceName: 'Table reservation', date: day, time: '19:00' };
    const wandas = makeAppointment({ ...table, id: 104, customerName: 'Wanda West' });
    const heldTable = makeAppointment({ ...table, id: 105, customerName: 'Hal Holder', status: 'cancelled' });
    const { user } = tab({ [wandas.id]: [makeOffer({ ...accepted, totalCharge: '15.50', temporaryReservation: true, asOwner: true, from: wandas, to: heldTable })] }, [wandas]);
    await cancelRowOf(user, 'Wanda West');
    expect(await moneyOf()).toEqual([
      "Wanda West paid $15.50 to take over this table from Hal Holder. Cancelling refunds the $15.50 to Wanda West's card now; Hal Holder is not paid and no fees are charged.",
    ]);
  });
});

describe("the business's cancel dialog", () => {
  it('holds the confirm button until the ties are known; with none, says nothing of money, cancels and refreshes the swaps and the list', async () => {
    const patches = recorder<Record<string, unknown>>();
    server.use(
      http.patch(`/api/appointments/${bobs.id}`, async ({ request }) => {
        await patches.take(request);
        return HttpResponse.json({ ...bobs, status: 'cancelled' });
      }),
    );
    const { user, queryClient, swapReads } = tab({}, [alices, bobs], 150);
    queryClient.setQueryData(queryKeys.businessAppointments(1), [alices, bobs]);
    const dialog = await cancelRowOf(user, 'Bob Baker');
    expect(within(dialog).getByText('Checking the offers tied to this appointment…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel Appointment' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled());
    expect(screen.queryByTestId('cancel-money')).not.toBeInTheDocument();
    const readsBefore = swapReads.count;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    await expectToast('Appointment Cancelled', `Classic Haircut on ${formatLongDate(day)} was cancelled.`);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches.bodies).toEqual([{ status: 'cancelled' }]);
    // The swap badges on screen are read again, and the business's list is stale.
    await waitFor(() => expect(swapReads.count).toBeGreaterThan(readsBefore));
    expect(queryClient.getQueryState(queryKeys.businessAppointments(1))?.isInvalidated).toBe(true);
  });

  it('says when the offers could not be checked, and retries; Keep Appointment changes nothing', async () => {
    signedInAs(owner);
    let calls = 0;
    server.use(
      http.get('/api/businesses/1/swaps', () => HttpResponse.json([])),
      http.get(`/api/appointments/${bobs.id}/offers`, () => (++calls === 1 ? apiError(503, 'Service unavailable') : HttpResponse.json([makeOffer({ asOwner: true, from: alices, to: bobs })]))),
    );
    const { user } = renderApp(<AppointmentsTab businessId={1} appointments={[alices, bobs]} loading={false} error={null} onRetry={() => undefined} timeZone="America/New_York" />);
    const dialog = await cancelRowOf(user, 'Bob Baker');
    expect(await within(dialog).findByText('Could not check the offers tied to this appointment: Service unavailable.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await moneyOf()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Keep Appointment' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
