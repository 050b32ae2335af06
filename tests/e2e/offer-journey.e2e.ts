import { describe, expect, it } from 'vitest';
import type { Offer } from '../../src/contract/offers';
import type { Notification } from '../../src/contract/live';
import { formatSlot, formatTime12h } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { authorizedCard, book, cardOffer, getJson, newCustomer, postOk, roundTheClockShop, startsWithin } from './support/api';
import { newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectFitsViewport, expectNoHorizontalScroll, shot, toastTitled } from './support/page';
import { expectWalletShowsLedger } from './support/wallet';

useBrowser();

// Issue 18's offer journey, two customers on phones (375 px) side by side, each page left open: an offer
// sent, countered, the counter accepted, a cancel on either side, the visits finished. Every binding step
// is confirmed first, the other customer's page follows each step live (no reload), the accepted card says
// what happened, the cancel dialogs say what happens to the money, and at each step both wallets show
// exactly the ledger's balances as the API reads them. The second journey is the one without a cancel:
// the owner completes both visits.

/**
 * The journey's people: an owner whose shop is open around the clock, with starts minutes away, so the
 * owner may complete them now (from an hour before the start) and an offer (it expires at the earlier
 * start) has time to run; Bob holds the earlier start, Alice one twenty minutes later. Both on phones.
 */
async function journeyCast() {
  const owner = await newPage(PHONE);
  const { business, service } = await roundTheClockShop(owner.context.request);
  const { date, times } = await startsWithin(owner.context.request, business, service.id, 20, 55);
  const alice = await newCustomer('alc', PHONE);
  const bob = await newCustomer('bob', PHONE);
  const alicesVisit = await book(alice.context.request, { businessId: business.id, serviceId: service.id, date, time: times[2], customerName: 'Alice Payer' });
  const bobsVisit = await book(bob.context.request, { businessId: business.id, serviceId: service.id, date, time: times[0], customerName: 'Bob Holder' });
  return {
    owner, business, service, date, alice, bob, alicesVisit, bobsVisit, // Named to each other by first name and initial from the profile their booking filled, never by username.
    aliceName: 'Alice P.', bobName: 'Bob H.',
    // On the shop's clock, named as the page names it (its browser and this process share the machine's zone).
    early: formatClock(times[0], business.timeZone), late: formatClock(times[2], business.timeZone),
    outgoing: alice.page.getByRole('region', { name: 'Outgoing' }).getByTestId('offer-card').first(),
    incoming: bob.page.getByRole('region', { name: 'Incoming' }).getByTestId('offer-card').first(),
  };
}
type Cast = Awaited<ReturnType<typeof journeyCast>>;

async function complete(cast: Cast, appointmentId: number) {
  const res = await cast.owner.context.request.post(`/api/appointments/${appointmentId}/complete`, {});
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The owner completes Alice's visit, the last one open: the escrow is paid out ($38.00 to Bob, $7.00 in
 * fees), both open pages follow without a reload, and both wallets show what the ledger says.
 */
async function completeAlicesVisitAndExpectPaidOut(cast: Cast, shotPrefix: string) {
  const { alice, bob, outgoing, incoming, bobName, aliceName } = cast;
  await complete(cast, cast.alicesVisit.id);
  await incoming.getByTestId('offer-outcome').getByText('$38.00 paid to you.').waitFor({ timeout: 10_000 });
  await expectWalletShowsLedger(bob.page, bob.context.request, bob.user.id, { pendingIncoming: '0.00', earnings: '38.00', heldInEscrow: '0.00' });
  await outgoing.getByTestId('offer-outcome').getByText(`$45.00 paid: $38.00 to ${bobName} and $7.00 in fees.`).waitFor({ timeout: 10_000 });
  await expectWalletShowsLedger(alice.page, alice.context.request, alice.user.id, { heldInEscrow: '0.00', credits: '1.00', pendingCredits: '0.00' });
  await shot(alice.page, `${shotPrefix}-settled-alice-phone`);
  await shot(bob.page, `${shotPrefix}-settled-bob-phone`);
  const [settled] = await getJson<Offer[]>(bob.context.request, '/api/queue-jump-offers');
  expect(settled).toMatchObject({ status: 'accepted', escrowStatus: 'released', currentAmount: '40.00', totalCharge: '45.00', recipientReceives: '38.00', counterpartName: aliceName });
}

async function closeAll(cast: Cast) {
  for (const s of [cast.alice, cast.bob, cast.owner]) {
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  }
}

describe('the offer journey, end to end', () => {
  it('send, counter, accept the counter, cancel either side, finish the visits: money shown = ledger at every step', async () => {
    const cast = await journeyCast();
    const { alice, bob, business, service, date, early, late, aliceName, bobName, outgoing, incoming } = cast;
    const [a, b] = [alice.page, bob.page];

    // Bob's page is open before anything is offered, and stays open: what follows reaches it live.
    await b.goto('/appointments');
    await b.getByText('No queue-jump offers yet').waitFor();
    await expectWalletShowsLedger(b, bob.context.request, bob.user.id, { heldInEscrow: '0.00', pendingCredits: '1.00' });

    // 1. Alice offers $25 for Bob's earlier slot, and confirms what that means before it is sent.
    await a.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await a.getByRole('button', { name: 'Skip the line' }).click();
    const skip = a.getByRole('dialog', { name: 'Skip the Line' });
    // The dialog's description names the shop's zone once (when it differs); its times are bare.
    await skip.getByTestId('queue-jump-target').getByText(formatTime12h(cast.bobsVisit.time)).waitFor();
    await skip.getByRole('button', { name: 'Review Offer' }).click();
    const sendReview = skip.getByTestId('offer-review');
    expect(await sendReview.getByTestId('offer-review-moves').textContent()).toBe(`You move from ${late} to ${early}.The other customer moves from ${early} to ${late}.`);
    expect(await sendReview.getByTestId('offer-review-money').textContent()).toContain('You pay$25.00 offer + $5.00 business fee$30.00');
    await expectFitsViewport(a);
    await dialogShot(a, 'offer-journey-1-send-review-phone');
    await skip.getByRole('button', { name: 'Send Offer' }).click();
    await toastTitled(a, 'Queue Jump Offer Sent!').waitFor();
    await a.goto('/appointments');
    await expectWalletShowsLedger(a, alice.context.request, alice.user.id, { heldInEscrow: '30.00', pendingIncoming: '0.00' });

    // Bob's open page shows the offer without a reload.
    await incoming.getByText('Pending').waitFor({ timeout: 10_000 });
    expect(await incoming.getByTestId('offer-receives').textContent()).toContain('$23.75');
    await expectWalletShowsLedger(b, bob.context.request, bob.user.id, { heldInEscrow: '0.00', pendingIncoming: '0.00' });

    // 2. Bob counters with $40, confirmed first: from where he stands, he moves later and is paid.
    await incoming.getByRole('button', { name: 'Negotiate' }).click();
    const negotiate = b.getByRole('dialog', { name: 'Negotiate Offer' });
    await negotiate.getByLabel('Counter amount').fill('40');
    await negotiate.getByRole('button', { name: 'Review Counter Offer' }).click();
    expect(await negotiate.getByTestId('offer-review-moves').textContent()).toBe(`You move from ${early} to ${late}.${aliceName} moves from ${late} to ${early}.`);
    expect(await negotiate.getByTestId('offer-review-money').textContent()).toBe(`You receive$40.00 offer − $2.00 platform fee (5%)$38.00${aliceName} pays$40.00 offer + $5.00 business fee$45.00`);
    await dialogShot(b, 'offer-journey-2-counter-review-phone');
    await negotiate.getByRole('button', { name: 'Send Counter Offer' }).click();
    await toastTitled(b, 'Counter Offer Sent').waitFor();
    await incoming.getByText('Waiting for response to your counter offer...').waitFor();

    // Alice's open page follows: the counter and its button, without a reload.
    await outgoing.getByText('Negotiating').waitFor({ timeout: 10_000 });
    expect(await outgoing.getByTestId('offer-current').textContent()).toContain('$40.00');

    // 3. Alice accepts the counter: confirmed, with the $15.00 difference authorized on her card.
    await outgoing.getByRole('button', { name: 'Accept Counter' }).click();
    const accept = a.getByRole('dialog', { name: 'Accept Counter Offer' });
    expect(await accept.getByTestId('offer-review-moves').textContent()).toBe(`You move from ${late} to ${early}.${bobName} moves from ${early} to ${late}.`);
    expect(await accept.getByTestId('offer-review-money').textContent()).toBe(`You pay$40.00 offer + $5.00 business fee$45.00${bobName} receives$40.00 offer − $2.00 platform fee (5%)$38.00`);
    expect(await accept.getByTestId('offer-review-note').textContent()).toBe(`Accepting swaps the appointments now, and the swap is final. $45.00 stays in escrow until both visits are done, then $38.00 is paid to ${bobName}.`);
    await expectFitsViewport(a);
    await dialogShot(a, 'offer-journey-3-accept-counter-phone');
    await accept.getByRole('button', { name: 'Pay $15.00 and Accept' }).click();
    await toastTitled(a, 'Counter Offer Accepted').waitFor();
    await outgoing.getByTestId('offer-outcome').getByText(`You moved to ${early}; ${bobName} moved to ${late}.`).waitFor();
    await outgoing.getByTestId('offer-outcome').getByText('$45.00 held until both visits are done.').waitFor();
    await expectWalletShowsLedger(a, alice.context.request, alice.user.id, { heldInEscrow: '45.00' });
    await shot(a, 'offer-journey-3-accepted-alice-phone');

    // Bob's page: the accepted card reads what happened, his appointment moved, his payout on its way.
    await incoming.getByTestId('offer-outcome').getByText(`${aliceName} moved to ${early}; you moved to ${late}.`).waitFor({ timeout: 10_000 });
    await incoming.getByTestId('offer-outcome').getByText('You receive $38.00 when both visits are done.').waitFor();
    await b.getByTestId('appointment-card').filter({ hasText: late }).waitFor();
    await expectWalletShowsLedger(b, bob.context.request, bob.user.id, { pendingIncoming: '38.00', earnings: '0.00' });
    await expectNoHorizontalScroll(b);
    await shot(b, 'offer-journey-3-accepted-bob-phone');

    // 4. Either side's cancel dialog says what happens to the money. Alice (who bought her slot) keeps hers.
    await a.getByTestId('appointment-card').filter({ hasText: early }).getByRole('button', { name: 'Cancel' }).click();
    const aliceCancel = a.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(await aliceCancel.getByTestId('cancel-money').textContent()).toBe(`You paid $45.00 for this slot. Cancelling does not refund it; ${bobName} is paid when their visit is done.`);
    await dialogShot(a, 'offer-journey-4-cancel-bought-slot-phone');
    await aliceCancel.getByRole('button', { name: 'Keep Appointment' }).click();
    await aliceCancel.waitFor({ state: 'hidden' });

    // Bob cancels his: the swap stands, and he is still paid once Alice's visit is done.
    await b.getByTestId('appointment-card').filter({ hasText: late }).getByRole('button', { name: 'Cancel' }).click();
    const bobCancel = b.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(await bobCancel.getByTestId('cancel-money').textContent()).toBe(
      `${aliceName} paid $45.00 to swap with you, and the swap is final: cancelling does not change that. You receive $38.00 when ${aliceName}'s visit is done.`,
    );
    await dialogShot(b, 'offer-journey-4-cancel-sold-slot-phone');
    await bobCancel.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toastTitled(b, 'Appointment Cancelled').waitFor();
    await expectWalletShowsLedger(b, bob.context.request, bob.user.id, { pendingIncoming: '38.00', pendingCredits: '0.00', earnings: '0.00' });
    // Alice's page hears of it: the escrow now waits for her visit only. Her money has not moved.
    await outgoing.getByText('$45.00 held until your visit is done.').waitFor({ timeout: 10_000 });
    await expectWalletShowsLedger(a, alice.context.request, alice.user.id, { heldInEscrow: '45.00', pendingCredits: '1.00' });

    // 5. The owner completes Alice's visit, the one left: the escrow is paid out, and both pages follow.
    await completeAlicesVisitAndExpectPaidOut(cast, 'offer-journey-5');
    await closeAll(cast);
  });

  it('an accepted counter, then the owner completes both visits: paid out to Bob, escrow gone for Alice, money shown = ledger', async () => {
    const cast = await journeyCast();
    const { alice, bob, date, aliceName, outgoing, incoming } = cast;
    // Sent, countered and the counter accepted through the API the screens use (the journey above walks
    // those screens); both pages open on the accepted swap.
    const offer = await cardOffer(alice.context.request, cast.alicesVisit.id, cast.bobsVisit.id, 25);
    await postOk(bob.context.request, `/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 40 });
    await postOk(alice.context.request, `/api/queue-jump-offers/${offer.id}/accept-counter`, { paymentIntentId: await authorizedCard(alice.context.request, 15) });
    await Promise.all([alice.page.goto('/appointments'), bob.page.goto('/appointments')]);
    await outgoing.getByTestId('offer-outcome').getByText('$45.00 held until both visits are done.').waitFor();
    await incoming.getByTestId('offer-outcome').getByText('You receive $38.00 when both visits are done.').waitFor();
    await expectWalletShowsLedger(alice.page, alice.context.request, alice.user.id, { heldInEscrow: '45.00', pendingCredits: '1.00' });
    await expectWalletShowsLedger(bob.page, bob.context.request, bob.user.id, { pendingIncoming: '38.00', pendingCredits: '1.00', earnings: '0.00' });

    // Bob's visit (now the later one) is done first: his booking credit is his, the escrow waits for Alice's.
    await complete(cast, cast.bobsVisit.id);
    await incoming.getByTestId('offer-outcome').getByText(`You receive $38.00 when ${aliceName}'s visit is done.`).waitFor({ timeout: 10_000 });
    await outgoing.getByTestId('offer-outcome').getByText('$45.00 held until your visit is done.').waitFor({ timeout: 10_000 });
    await expectWalletShowsLedger(bob.page, bob.context.request, bob.user.id, { pendingIncoming: '38.00', credits: '1.00', pendingCredits: '0.00', earnings: '0.00' });
    await expectWalletShowsLedger(alice.page, alice.context.request, alice.user.id, { heldInEscrow: '45.00', pendingCredits: '1.00' });
    await shot(bob.page, 'offer-journey-complete-both-1-bob-done-phone');

    // Then Alice's: both done, the escrow is paid out.
    await completeAlicesVisitAndExpectPaidOut(cast, 'offer-journey-complete-both-2');
    // Bob's notice names the slot he gave up, as it was when they swapped.
    const { notifications } = await getJson<{ notifications: Notification[] }>(bob.context.request, '/api/notifications');
    expect(notifications.find((n) => n.kind === 'offer_paid_out')?.body).toBe(
      `The swap with ${aliceName} at ${cast.business.businessName} is complete: $38.00 has been released to you for the ${formatSlot(date, cast.bobsVisit.time)} slot you gave up.`,
    );
    await closeAll(cast);
  });
});
