import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { getJson, register, roundTheClockShop, startsWithin } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot, toastTitled } from './support/page';
import { useStripeApp } from './support/stripe-app';
import { standInForStripe } from './support/stripe-js-stand-in';

// A customer saves a card for a card-on-file service with PAYMENTS=stripe, at 375 and 1280 px: the
// wizard's card step is the Payment Element in setup mode; the server makes a SetupIntent on the
// local Stripe double, the browser confirms it, and the booking keeps the card it saved. Stripe.js is
// a stand-in served in place of js.stripe.com (support/stripe-js-stand-in.ts: a plain field instead of
// Stripe's iframe), its API calls answered by the double. Nothing reaches the network.

useBrowser();
const stripeApp = useStripeApp('card-on-file');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('saving a card on file with Stripe (%s)', (size, viewport) => {
  it('states the fees, refuses a declined card, then saves a good one through a SetupIntent and books', async () => {
    const owner = await newPage(viewport, { baseURL: stripeApp.origin });
    const { business, service } = await roundTheClockShop(owner.context.request);
    const policy = await owner.context.request.put(`/api/services/${service.id}`, {
      data: { name: service.name, duration: service.duration, price: service.price, policies: { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 } },
    });
    expect(policy.status(), await policy.text()).toBe(200);

    const { page, context, consoleErrors } = await newPage(viewport, { baseURL: stripeApp.origin });
    await standInForStripe(context, stripeApp.stripe.url);
    await register(context.request, 'cardonfile');
    const soon = await startsWithin(context.request, business, service.id, 30, 120);
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${soon.date}&time=${soon.times[0]}`);
    await page.getByLabel('Full name').fill('Carrie Card');
    await page.getByLabel('Phone').fill('(212) 555-0100');
    await page.getByTestId('booking-money-line').getByText(/nothing is charged now\. It is charged a no-show fee of \$15\.00/).waitFor();
    await page.getByText('Your card is saved for the fees above; nothing is charged now.').waitFor();
    const card = page.getByLabel('Card number (Stripe)');

    // Stripe declines the first card: its message shows under the card, nothing is booked.
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await toastTitled(page, 'Card Not Saved').waitFor();
    expect(await getJson<Appointment[]>(context.request, '/api/appointments')).toEqual([]);

    await card.fill('4242 4242 4242 4242');
    await expectNoHorizontalScroll(page);
    await shot(page, `card-on-file-stripe-wizard-${size}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Appointment Booked!').waitFor();
    const [booked] = await getJson<Appointment[]>(context.request, '/api/appointments');
    expect(booked).toMatchObject({ status: 'confirmed', cardFees: { noShowFee: '15.00', lateCancelFee: '10.00', charged: [] } });
    // Stripe saw a SetupIntent for off-session use, confirmed in the browser with the good card.
    const setups = stripeApp.stripe.received.filter((r) => r.method === 'POST' && /^\/v1\/setup_intents\/seti_\w+\/confirm$/.test(r.path));
    expect(setups.map((r) => r.form.get('payment_method'))).toEqual(['pm_card_chargeDeclined', 'pm_card_visa']);
    expect(setups.every((r) => r.form.get('key') === 'pk_test_51E2eDoubleOnly')).toBe(true);

    await page.goto('/appointments');
    const mine = page.getByTestId('appointment-card').filter({ hasText: service.name });
    await mine.getByTestId('card-fees-line').getByText(/Card on file, nothing charged; it may be charged \$15\.00 on a no-show/).waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, `card-on-file-stripe-my-appointments-${size}`);
    expect(consoleErrors).toEqual([]);
    stripeApp.stripe.received.length = 0;
    await context.close();
    await owner.context.close();
  });
});
