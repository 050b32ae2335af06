import { describe, expect, it } from 'vitest';
import type { Offer } from '../../src/contract/offers';
import type { Wallet } from '../../src/contract/payments';
import { addDays } from '../../src/contract/time';
import { book, cardOffer, getJson, newCustomer, newServiceBusiness, quietDay, todayIn } from './support/api';
import { newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';

// Issue 18, the business's side at 375 px: before the owner cancels an appointment tied to offers, the
// dialog says what happens to the money under the rules, in the owner's words (DESIGN section 5): the
// business cancelling a slot a customer bought refunds that customer in full once the other visit is
// over; live offers on an appointment end and their holds come back. The API then shows exactly that.

useBrowser();

const NEW_YORK = 'America/New_York';

describe("the business's cancel dialog and the money", () => {
  it('says the buyer of a slot is refunded and a live offer withdrawn, and the ledger then says the same', async () => {
    const owner = await newPage(PHONE, { timezoneId: NEW_YORK });
    const { business, service } = await newServiceBusiness(owner.context.request, { timeZone: NEW_YORK });
    const [alice, bob, carol] = [await newCustomer('alice', PHONE), await newCustomer('bob', PHONE), await newCustomer('carol', PHONE)];
    const { date } = await quietDay(bob.context.request, business.id, service.id, addDays(todayIn(NEW_YORK), 2));
    const at = (time: string, customerName: string) => ({ businessId: business.id, serviceId: service.id, date, time, customerName });
    const bobs = await book(bob.context.request, at('09:00', 'Bob Baker'));
    const alices = await book(alice.context.request, at('11:00', 'Alice Archer'));
    const carols = await book(carol.context.request, at('15:00', 'Carol Chen'));

    // Alice pays $43.00 ($38.00 + the $5.00 fee) for Bob's 9:00 and Bob accepts: she is at 9:00, he at 11:00.
    const bought = await cardOffer(alice.context.request, alices.id, bobs.id, 38);
    expect((await bob.context.request.post(`/api/queue-jump-offers/${bought.id}/accept`, { data: {} })).status()).toBe(200);
    // Carol then offers $20 for Bob's new 11:00: pending, $25.00 held on her card.
    const pending = await cardOffer(carol.context.request, carols.id, bobs.id, 20);

    const o = owner.page;
    await o.goto('/business-dashboard?tab=appointments');
    await openTab(o, 'Appointments');
    const row = (name: string) => o.getByTestId('business-appointment').filter({ hasText: name });
    await row('Alice Archer').getByText('Swapped · escrow held').waitFor();

    // 1. Alice's 9:00, the slot she bought: the business cancelling it refunds her once Bob's visit is over.
    await row('Alice Archer').getByRole('button', { name: 'Cancel' }).click();
    const first = o.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(await first.getByTestId('cancel-money').textContent()).toBe(
      "Alice Archer paid $43.00 to move into this slot. Cancelling refunds the $43.00 to Alice Archer's card once Bob Baker's visit is done; Bob Baker is not paid and no fees are charged.",
    );
    await expectFitsViewport(o, '[role="alertdialog"]');
    await expectNoHorizontalScroll(o);
    await expectAccessible(o);
    await dialogShot(o, 'owner-cancel-bought-slot-phone');
    await first.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toastTitled(o, 'Appointment Cancelled').waitFor();
    await first.waitFor({ state: 'hidden' });

    // 2. Bob's 11:00: cancelling it settles Alice's refund now, and ends Carol's pending offer.
    await row('Bob Baker').getByRole('button', { name: 'Cancel' }).click();
    const second = o.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    const lines = second.getByTestId('cancel-money').getByRole('listitem');
    await expect.poll(() => lines.allTextContents()).toEqual([
      "Carol Chen's pending offer of $20.00 to swap slots with Bob Baker is withdrawn; the hold on Carol Chen's card is released and nothing is paid.",
      "You cancelled the slot Alice Archer paid $43.00 for, so cancelling this one refunds the $43.00 to Alice Archer's card now; Bob Baker is not paid and no fees are charged.",
    ]);
    await expectFitsViewport(o, '[role="alertdialog"]');
    await dialogShot(o, 'owner-cancel-sold-slot-phone');
    await second.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toastTitled(o, 'Appointment Cancelled').waitFor();
    await second.waitFor({ state: 'hidden' });
    // The rows follow at once: the swap now reads refunded.
    await row('Alice Archer').getByText('Swapped · refunded').waitFor();
    await shot(o, 'owner-cancel-after-phone');

    // What the dialogs said is what happened: Alice refunded in full, Bob paid nothing, Carol's hold returned.
    expect(await getJson<Offer>(alice.context.request, `/api/queue-jump-offers/${bought.id}`)).toMatchObject({ escrowStatus: 'refunded', refundsPayer: true });
    expect((await getJson<Offer>(carol.context.request, `/api/queue-jump-offers/${pending.id}`)).status).toBe('cancelled');
    for (const c of [alice, carol]) expect((await getJson<Wallet>(c.context.request, '/api/wallet')).heldInEscrow).toBe('0.00');
    expect(await getJson<Wallet>(bob.context.request, '/api/wallet')).toMatchObject({ pendingIncoming: '0.00', earnings: '0.00' });
    expect(owner.consoleErrors).toEqual([]);
    for (const c of [owner, alice, bob, carol]) await c.context.close();
  });
});
