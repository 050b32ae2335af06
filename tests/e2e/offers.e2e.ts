import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Offer } from '../../src/contract/offers';
import { formatTime12h } from '../../src/contract/time';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, getJson, longDate, openTab, shot, toastTitled } from './booking-support';
import { book, expectFitsViewport, farDay, newCustomer, ownersBusiness, quietDay } from './offers-support';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';

useBrowser();

describe('queue-jump offer, end to end', () => {
  it('card offer, counter, accepted counter with a card top-up, swap, completion, payout', async () => {
    const owner = await newPage(DESKTOP);
    await signIn(owner.page, 'owner');
    const { business, service } = await ownersBusiness(owner.context.request);
    const { date, slots } = await quietDay(owner.context.request, business.id, service.id, farDay(21));

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
    await dialog.getByTestId('queue-jump-target').getByText(formatTime12h(slots[0])).waitFor();
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await p.getByRole('button', { name: 'Skip the line' }).click();
    await dialog.getByTestId('queue-jump-target').waitFor();
    expect(await dialog.getByLabel('Offer amount').inputValue()).toBe('25');
    expect(await dialog.getByTestId('offer-total').textContent()).toBe('$30.00');
    expect(await dialog.getByTestId('offer-recipient').textContent()).toBe('$23.75');
    await dialog.getByText('Offers are binding once accepted. Funds are held in escrow until both appointments are completed, and no payment is released until completion is confirmed.').waitFor();
    // Out of range first: SPEC's validation toast.
    await dialog.getByLabel('Offer amount').fill('2');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await toastTitled(p, 'Invalid Amount').getByText('Offer amount must be between $5 and $200.').waitFor();
    await dialog.getByLabel('Offer amount').fill('25');
    await expectFitsViewport(p);
    await expectNoHorizontalScroll(p);
    await expectAccessible(p);
    await dialogShot(p, 'offers-queue-jump-dialog-phone');
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
    await outgoing.getByText('Escrow: Held in escrow').waitFor();
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
    await r.getByRole('region', { name: 'Incoming' }).getByText('Escrow: Released').waitFor();
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
