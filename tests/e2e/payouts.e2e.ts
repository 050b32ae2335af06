import { describe, expect, it } from 'vitest';
import { newServiceBusiness, register } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, shot } from './support/page';
import { useStripeApp } from './support/stripe-app';

// Payout setup with PAYMENTS=stripe, end to end in a browser: this file starts its own app with
// Stripe's keys and STRIPE_API_URL pointing at a local Stripe double (never the network), whose
// hosted-onboarding stand-in finishes the account and sends the browser back, as Stripe's forms do.

useBrowser();
const stripeApp = useStripeApp('payouts');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('payout setup with Stripe (%s)', (size, viewport) => {
  it('a customer sets up payouts from the wallet, goes through Stripe and comes back ready', async () => {
    const { page, context, consoleErrors } = await newPage(viewport, { baseURL: stripeApp.origin });
    await register(context.request, 'payee');
    await page.goto('/appointments');
    const mine = page.getByTestId('payout-user');
    await expect.poll(() => mine.textContent()).toMatch(/Your swap earnings\s*Not started/);
    await expectNoHorizontalScroll(page);
    await shot(page, `payouts-wallet-${size}`);

    await mine.getByRole('button', { name: 'Set up payouts' }).click();
    // Stripe's forms (the double's stand-in) finish and send the browser back to PUBLIC_URL/payouts.
    await page.waitForURL(`${stripeApp.origin}/payouts?setup=returned`);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Back from Stripe. Each status below is what Stripe says now.');
    await expect.poll(() => page.getByTestId('payout-user').textContent()).toMatch(/Ready/);
    expect(await page.getByTestId('payout-user').getByRole('button').count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, `payouts-returned-${size}`);
    expect(consoleErrors).toEqual([]);
  });

  it('an owner sets up their business from the dashboard; an expired link opens a fresh one', async () => {
    const { page, context, consoleErrors } = await newPage(viewport, { baseURL: stripeApp.origin });
    const { business } = await newServiceBusiness(context.request);
    await page.goto('/business-dashboard');
    const row = page.getByTestId(`payout-${business.id}`);
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`${business.businessName}\\s*Not started`));
    await expectNoHorizontalScroll(page);
    await shot(page, `payouts-dashboard-${size}`);

    // Stripe sends the browser to the refresh URL when a link expired: a fresh link, at once.
    await page.goto(`/payouts?setup=expired&business=${business.id}`);
    await page.waitForURL(`${stripeApp.origin}/payouts?setup=returned&business=${business.id}`);
    await expect.poll(() => page.getByTestId(`payout-${business.id}`).textContent()).toMatch(/Ready/);
    await expectNoHorizontalScroll(page);
    expect(consoleErrors).toEqual([]);
  });
});
