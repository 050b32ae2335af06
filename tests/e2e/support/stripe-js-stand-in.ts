import type { BrowserContext } from 'playwright-core';

/**
 * A stand-in for Stripe.js (js.stripe.com) in the browser tests: `Stripe(key)` with the few calls
 * @stripe/react-stripe-js and the app make (elements, create/mount the Payment Element, submit,
 * confirmSetup, confirmPayment). Its "Payment Element" is a plain card-number field on the page
 * instead of Stripe's iframe; a confirm posts to https://api.stripe.com with the publishable key in
 * the form, as Stripe.js does, and the test routes that to the local Stripe double. Stripe's test card
 * numbers map to its test payment methods (4242… saves and charges, 4000…0002 is declined,
 * 4000…0341 saves but declines charges). Nothing reaches the network.
 */
const STRIPE_JS = `(() => {
  const CARDS = { '4242424242424242': 'pm_card_visa', '4000000000000002': 'pm_card_chargeDeclined', '4000000000000341': 'pm_card_chargeCustomerFail' };
  function Stripe(key) {
    let field = null;
    const post = (path, form) => fetch('https://api.stripe.com/v1' + path, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, key }).toString(),
    }).then((r) => r.json().then((body) => (r.ok ? body : { error: body.error })));
    const method = () => CARDS[(field && field.value || '').replace(/\\D/g, '')] || 'pm_card_unknown';
    const element = () => ({
      mount(node) {
        const host = typeof node === 'string' ? document.querySelector(node) : node;
        field = document.createElement('input');
        field.setAttribute('aria-label', 'Card number (Stripe)');
        field.setAttribute('inputmode', 'numeric');
        field.className = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm';
        host.appendChild(field);
      },
      on() {}, off() {}, update() {},
      destroy() { if (field) field.remove(); field = null; },
    });
    return {
      elements: () => ({
        create: () => element(),
        update() {},
        getElement: () => null,
        submit: async () => ((field && field.value.replace(/\\D/g, '').length >= 12) ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } }),
      }),
      async confirmSetup({ clientSecret }) {
        const answer = await post('/setup_intents/' + clientSecret.split('_secret_')[0] + '/confirm', { payment_method: method(), client_secret: clientSecret });
        return answer.error ? { error: answer.error } : { setupIntent: answer };
      },
      async confirmPayment() { return { error: { type: 'invalid_request_error', message: 'Not in this stand-in' } }; },
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      _registerWrapper() {}, registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Serves the stand-in for Stripe.js, and answers the browser's calls to Stripe's API from the double at `doubleUrl`. */
export async function standInForStripe(context: BrowserContext, doubleUrl: string) {
  await context.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS }));
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const answer = await fetch(`${doubleUrl}${url.pathname}${url.search}`, {
      method: request.method(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: request.postData() ?? undefined,
    });
    await route.fulfill({ status: answer.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await answer.text() });
  });
}
