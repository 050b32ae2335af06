import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Offer } from '../../src/contract/offers';
import { formatTime12h } from '../../src/contract/time';
import { book, getJson, newCustomer, roundTheClockShop, startsWithin } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, expectNoHorizontalScroll, longDate, openTab, shot, toastTitled } from './support/page';

useBrowser();

describe('queue-jump offer, end to end', () => {
  it('card offer, counter, accepted counter with a card top-up, swap, completion, payout', async () => {
    // A new owner's shop open around the clock: both visits start within the hour, so the owner can
    // really complete them once swapped (from an hour before each start), and the offer, which
    // expires at the earlier start, has 20 minutes or more to run.
    const owner = await newPage(DESKTOP);
    const { business, service } = await roundTheClockShop(owner.context.request);
    // 10-minute visits: slots[0] starts 20-29 minutes from now, slots[2] twenty minutes later
    const { date, times: slots } = await startsWithin(owner.context.request, business, service.id, 20, 55);

    // The recipient holds the earliest slot; the payer (on a phone) a later one.
    const recipient = await newCustomer('rcp', DESKTOP);
    const payer = await newCustomer('pay', PHONE);
    const early = await book(recipient.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0], customerName: 'Rita Recipient' });
    const late = await book(payer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2], customerName: 'Paul Payer' });

    // Payer: booking page, date step, 'want an earlier time' → skip-the-line dialog.
    const p = payer.page;
    await p.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await p.getByText('Want an earlier time?').waitFor();
    await p.getByRole('button', { name: 'Skip the line' }).click();
    const dialog = p.getByRole('dialog', { name: 'Skip the Line' });
    // The dialog's amounts and rules are component tests (src/web/features/offers/components/offer-dialogs.test.tsx).
    await dialog.getByTestId('queue-jump-target').getByText(formatTime12h(slots[0])).waitFor();
    expect(await dialog.getByTestId('offer-total').textContent()).toBe('$30.00');
    await expectFitsViewport(p);
    await expectNoHorizontalScroll(p);
    await expectAccessible(p);
    await dialogShot(p, 'offers-queue-jump-dialog-phone');
    await dialog.getByRole('button', { name: 'Review Offer' }).click();
    await dialog.getByTestId('offer-review').waitFor();
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await toastTitled(p, 'Queue Jump Offer Sent!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Recipient: incoming offer on My Appointments; counter with $30.
    const r = recipient.page;
    await r.goto('/appointments');
    const incoming = r.getByRole('region', { name: 'Incoming' }).getByTestId('offer-card').first();
    await incoming.getByText('Pending').waitFor();
    expect(await incoming.getByTestId('offer-total').textContent()).toContain('$30.00');
    expect(await incoming.getByTestId('offer-receives').textContent()).toContain('$23.75');
    await incoming.getByText(/Expires in/).waitFor();
    for (const name of ['Accept', 'Negotiate', 'Decline']) await incoming.getByRole('button', { name, exact: true }).waitFor();
    expect(await incoming.getByRole('button', { name: 'Cancel Offer' }).count()).toBe(0);
    await shot(r, 'offers-incoming-desktop');
    await incoming.getByRole('button', { name: 'Negotiate' }).click();
    const negotiate = r.getByRole('dialog', { name: 'Negotiate Offer' });
    await negotiate.getByText('Current amount $25.00 · no counter-offers yet').waitFor();
    await negotiate.getByLabel('Counter amount').fill('30');
    await negotiate.getByLabel('Message (optional)').fill('Make it thirty and it is yours.');
    await expectAccessible(r);
    await dialogShot(r, 'offers-negotiate-desktop');
    await negotiate.getByRole('button', { name: 'Review Counter Offer' }).click();
    await negotiate.getByRole('button', { name: 'Send Counter Offer' }).click();
    await toastTitled(r, 'Counter Offer Sent').waitFor();
    await incoming.getByText('Waiting for response to your counter offer...').waitFor();
    expect(await incoming.getByRole('button', { name: 'Accept Counter' }).count()).toBe(0);

    // Payer: accepts the counter, authorizing the $5.00 difference of the totals by card.
    await p.goto('/appointments');
    const outgoing = p.getByRole('region', { name: 'Outgoing' }).getByTestId('offer-card').first();
    await outgoing.getByText('Negotiating').waitFor();
    await outgoing.getByText('Make it thirty and it is yours.').waitFor();
    await expectNoHorizontalScroll(p);
    await shot(p, 'offers-outgoing-negotiating-phone');
    await outgoing.getByRole('button', { name: 'Accept Counter' }).click();
    const topUp = p.getByRole('dialog', { name: 'Accept Counter Offer' });
    await topUp.getByRole('button', { name: 'Pay $5.00 and Accept' }).waitFor();
    await expectFitsViewport(p);
    await dialogShot(p, 'offers-accept-counter-phone');
    await topUp.getByRole('button', { name: 'Pay $5.00 and Accept' }).click();
    await toastTitled(p, 'Counter Offer Accepted').waitFor();
    await outgoing.getByText('Accepted').waitFor();
    await outgoing.getByTestId('offer-outcome').getByText(/held until/).waitFor();
    // The payer's appointment card now shows the earlier time.
    await p.getByTestId('appointment-card').filter({ hasText: longDate(date) }).filter({ hasText: formatTime12h(slots[0]) }).waitFor();
    await shot(p, 'offers-swapped-phone');
    const mine = await getJson<Appointment[]>(payer.context.request, '/api/appointments');
    expect(mine.find((a) => a.id === late.id)).toMatchObject({ time: slots[0] });

    // Recipient: swapped to the later time; the payout is pending.
    await r.reload();
    await r.getByTestId('appointment-card').filter({ hasText: formatTime12h(slots[2]) }).filter({ hasText: longDate(date) }).waitFor();
    await expect.poll(() => r.getByTestId('wallet-pendingIncoming').textContent()).toContain('$28.50');

    // Owner completes both, confirming each in the AlertDialog.
    const o = owner.page;
    await o.goto('/business-dashboard');
    await o.getByRole('heading', { name: business.businessName }).waitFor();
    await openTab(o, 'Appointments');
    for (const who of ['Rita Recipient', 'Paul Payer']) {
      const row = o.getByRole('tabpanel').getByTestId('business-appointment').filter({ hasText: who }).filter({ hasText: 'confirmed' });
      await row.getByText('Swapped · escrow held').waitFor();
      await row.getByRole('button', { name: 'Complete' }).click();
      const confirm = o.getByRole('alertdialog', { name: 'Complete this appointment?' });
      await confirm.getByText('This appointment has not started yet.').waitFor();
      await confirm.getByText(/releases the escrow/).waitFor();
      if (who === 'Rita Recipient') await dialogShot(o, 'offers-complete-confirm-desktop');
      await confirm.getByRole('button', { name: 'Mark Completed' }).click();
      await toastTitled(o, 'Appointment Completed').waitFor();
      await confirm.waitFor({ state: 'hidden' });
    }

    // Recipient's wallet: $30 offer − 5% = $28.50 earned.
    await expect.poll(async () => {
      await r.reload();
      return r.getByTestId('wallet-earnings').textContent();
    }, { timeout: 20_000 }).toContain('$28.50');
    await r.getByRole('region', { name: 'Incoming' }).getByTestId('offer-outcome').getByText('$28.50 paid to you.').waitFor();
    await expectAccessible(r);
    await shot(r, 'offers-payout-desktop');
    const offers = await getJson<Offer[]>(recipient.context.request, `/api/queue-jump-offers?forUser=${recipient.user.id}`);
    expect(offers[0]).toMatchObject({ status: 'accepted', escrowStatus: 'released', currentAmount: '30.00', recipientReceives: '28.50' });
    expect(early.id).toBe(offers[0].toAppointmentId);

    for (const s of [payer, recipient, owner]) {
      expect(s.consoleErrors).toEqual([]);
      await s.context.close();
    }
  });
});
