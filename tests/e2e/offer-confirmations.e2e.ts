import { describe, expect, it } from 'vitest';
import { formatTime12h } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { book, farDay, getJson, newCustomer, quietDay, serviceBusiness } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, longDate, toastTitled } from './support/page';
import { expectWalletShowsLedger } from './support/wallet';

useBrowser();

// Issue 18 on a phone (375 px), one screen at a time: an amount out of range flagged as typed with
// nothing shown as charged, the send confirmed, a pending offer's money in the cancel dialog and the
// wallet and offer card changing at once, Move Back saying what it is for, and Skip the Line without an
// appointment leading to a booking that day. The whole journey is tests/e2e/offer-journey.e2e.ts.

describe('offer screens say what happens to the money', () => {
  it('Skip the Line: $500 is flagged as typed and charges nothing; sending is confirmed; cancelling withdraws it and returns the hold at once', async () => {
    const payer = await newCustomer('cfp', PHONE);
    const other = await newCustomer('cfo', DESKTOP);
    const { business, service } = await serviceBusiness(payer.context.request, 2);
    const { date, slots } = await quietDay(payer.context.request, business.id, service.id, farDay(20));
    const mine = await book(payer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
    // On the shop's clock, named as the page names it (its browser and this process share the machine's zone).
    const [early, late] = [formatClock(slots[0], business.timeZone), formatClock(slots[2], business.timeZone)];

    const p = payer.page;
    await p.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await p.getByRole('button', { name: 'Skip the line' }).click();
    const dialog = p.getByRole('dialog', { name: 'Skip the Line' });
    await dialog.getByTestId('queue-jump-target').waitFor();
    const amount = dialog.getByLabel('Offer amount');
    await amount.fill('500');
    await dialog.getByTestId('qj-amount-error').getByText('Offer amount must be between $5 and $200.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByTestId('offer-price-summary').textContent()).toBe('Nothing is charged until the amount is valid.');
    expect(await dialog.getByTestId('offer-total').count()).toBe(0);
    await expectFitsViewport(p);
    await expectAccessible(p);
    await dialogShot(p, 'offer-confirmations-amount-invalid-phone');

    await amount.fill('30');
    expect(await dialog.getByTestId('qj-amount-error').count()).toBe(0);
    expect(await dialog.getByTestId('offer-total').textContent()).toBe('$35.00');
    await dialog.getByRole('button', { name: 'Review Offer' }).click();
    expect(await dialog.getByTestId('offer-review-moves').textContent()).toBe(`You move from ${late} to ${early}.The other customer moves from ${early} to ${late}.`);
    expect(await dialog.getByTestId('offer-review-money').textContent()).toBe('You pay$30.00 offer + $5.00 business fee$35.00The other customer receives$30.00 offer − $1.50 platform fee (5%)$28.50');
    // Nothing has happened yet: no offer exists until it is sent.
    expect(await getJson<unknown[]>(payer.context.request, '/api/queue-jump-offers')).toEqual([]);
    await expectAccessible(p);
    await dialogShot(p, 'offer-confirmations-send-review-phone');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await toastTitled(p, 'Queue Jump Offer Sent!').waitFor();

    // My Appointments: the offer holds $35.00. Cancelling the appointment says the offer is withdrawn and
    // the hold returned; once confirmed, the wallet and the offer card change without a reload.
    await p.goto('/appointments');
    const offerCard = p.getByRole('region', { name: 'Outgoing' }).getByTestId('offer-card').first();
    await offerCard.getByText('Pending').waitFor();
    await expectWalletShowsLedger(p, payer.context.request, payer.user.id, { heldInEscrow: '35.00' });
    await p.getByTestId('appointment-card').filter({ hasText: late }).getByRole('button', { name: 'Cancel' }).click();
    const confirm = p.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(await confirm.getByTestId('cancel-money').textContent()).toBe(`Your pending offer of $30.00 to Test C. is withdrawn and the $35.00 held for it is returned to you.`);
    await expectFitsViewport(p, '[role="alertdialog"]');
    await expectAccessible(p);
    await dialogShot(p, 'offer-confirmations-cancel-pending-phone');
    await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toastTitled(p, 'Appointment Cancelled').waitFor();
    await offerCard.getByText('Cancelled', { exact: true }).waitFor();
    await expectWalletShowsLedger(p, payer.context.request, payer.user.id, { heldInEscrow: '0.00', pendingCredits: '0.00' });
    expect((await getJson<{ id: number; status: string }[]>(payer.context.request, '/api/appointments')).find((a) => a.id === mine.id)?.status).toBe('cancelled');
    for (const s of [payer, other]) {
      expect(s.consoleErrors).toEqual([]);
      await s.context.close();
    }
  });

  it('Move Back says what it is for, and who pays and who receives', async () => {
    const payer = await newCustomer('mvp', PHONE);
    const other = await newCustomer('mvo', DESKTOP);
    const { business, service } = await serviceBusiness(payer.context.request, 1);
    const { date, slots } = await quietDay(payer.context.request, business.id, service.id, farDay(22));
    await book(payer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });

    const p = payer.page;
    await p.goto('/appointments');
    await p.getByTestId('appointment-card').filter({ hasText: formatTime12h(slots[0]) }).getByRole('button', { name: 'Move Back' }).click();
    const dialog = p.getByRole('dialog', { name: 'Move Back' });
    await dialog.getByText('Running late? Pay someone with a later slot to trade with you.').waitFor();
    await dialog.getByRole('radio', { name: new RegExp(formatTime12h(slots[2])) }).check();
    const summary = dialog.getByTestId('offer-price-summary');
    expect(await summary.textContent()).toBe('Your offer$20.00Business convenience fee$5.00You pay (total charge)$25.00They receive (offer − 5%)$19.00');
    await dialog.getByLabel('Your offer to them').fill('0.50');
    await dialog.getByTestId('mb-amount-error').getByText('Offer amount must be between $1 and $200.').waitFor();
    expect(await summary.textContent()).toBe('Nothing is charged until the amount is valid.');
    await dialog.getByLabel('Your offer to them').fill('20');
    await expectFitsViewport(p);
    await expectAccessible(p);
    await dialogShot(p, 'offer-confirmations-move-back-phone');
    for (const s of [payer, other]) {
      expect(s.consoleErrors).toEqual([]);
      await s.context.close();
    }
  });

  it('Skip the Line without an appointment that day leads to booking a time that day', async () => {
    const visitor = await newCustomer('nob', PHONE);
    const { business, service } = await serviceBusiness(visitor.context.request, 3);
    const { date, slots } = await quietDay(visitor.context.request, business.id, service.id, farDay(18));
    // Someone else's appointment that day takes offers: skipping the line can work once the visitor books.
    const other = await newCustomer('nbo', PHONE);
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
    await other.context.close();
    const p = visitor.page;
    // The booking page at that day, with its free times and the 'want an earlier time' prompt.
    await p.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await p.getByRole('button', { name: 'Skip the line' }).click();
    const dialog = p.getByRole('dialog', { name: 'Skip the Line' });
    await dialog.getByText(`To skip the line you first need an appointment of your own here on ${longDate(date)}.`).waitFor();
    await expectFitsViewport(p);
    await dialogShot(p, 'offer-confirmations-no-appointment-phone');
    await dialog.getByRole('link', { name: 'Book a time that day' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(p.url()).search).toBe(`?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await p.getByText(`Available times on ${longDate(date)}`).waitFor();
    expect(await p.getByRole('group', { name: 'Available times' }).getByRole('button').count()).toBeGreaterThan(0);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();
  });
});
