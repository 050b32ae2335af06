import type { DoubleRequest } from './stripe-double.js';

/** Stripe's test payment methods the double knows (Stripe's docs, "Testing"): saved and charged, declined at set-up, or saved but declined when charged. */
export const DOUBLE_CARDS = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  chargeFails: 'pm_card_chargeCustomerFail',
} as const;

const LAST4: Record<string, string> = { pm_card_visa: '4242', pm_card_chargeDeclined: '0002', pm_card_chargeCustomerFail: '0341' };

interface SetupIntent {
  id: string;
  client_secret: string;
  customer: string | null;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  metadata: Record<string, string>;
  last_setup_error: { code: string; message: string } | null;
}

interface PaymentMethod {
  id: string;
  card: { brand: string; last4: string };
  customer: string | null;
  /** Which test card it was made from: decides whether a charge succeeds. */
  test: string;
}

/** What a handler answers: a 2xx body, or Stripe's error with its status. */
export type DoubleAnswer = { status: number; body: unknown } | null;

const cardError = (message: string, extra: Record<string, unknown> = {}) => ({
  status: 402,
  body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message, ...extra } },
});
const notFound = (message: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', message } } });

/**
 * The double's card-on-file endpoints: Customers, SetupIntents (made by the server, confirmed by the
 * browser's Stripe.js, here by `confirmSetup` or POST …/confirm), PaymentMethods, and PaymentIntents
 * confirmed off-session with a saved card. A repeated Idempotency-Key is answered with the first
 * answer, errors included, as Stripe does; `charges` counts the charges that succeeded.
 */
export function doubleCards(metadataOf: (form: URLSearchParams) => Record<string, string>) {
  const setupIntents = new Map<string, SetupIntent>();
  const methods = new Map<string, PaymentMethod>();
  const intents = new Map<string, Record<string, unknown>>();
  const answered = new Map<string, NonNullable<DoubleAnswer>>();
  let customers = 0;
  let charges = 0;
  let n = 0;

  const setupJson = (s: SetupIntent, expand: boolean) => ({
    object: 'setup_intent', usage: 'off_session', ...s,
    payment_method: expand && s.payment_method ? methodJson(methods.get(s.payment_method)!) : s.payment_method,
  });
  const methodJson = (m: PaymentMethod) => ({ id: m.id, object: 'payment_method', type: 'card', card: m.card, customer: m.customer });

  function confirmSetup(id: string, testCard: string): DoubleAnswer {
    const setup = setupIntents.get(id);
    if (!setup) return notFound(`No such setupintent: '${id}'`);
    if (testCard === DOUBLE_CARDS.declined || !(testCard in LAST4)) {
      setup.last_setup_error = { code: 'card_declined', message: 'Your card was declined.' };
      return cardError('Your card was declined.', { setup_intent: setupJson(setup, false) });
    }
    const method: PaymentMethod = { id: `pm_double${++n}`, card: { brand: 'visa', last4: LAST4[testCard] }, customer: setup.customer, test: testCard };
    methods.set(method.id, method);
    Object.assign(setup, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    return { status: 200, body: setupJson(setup, false) };
  }

  function chargeOffSession(form: URLSearchParams): NonNullable<DoubleAnswer> {
    const method = methods.get(form.get('payment_method') ?? '');
    if (!method || method.customer !== form.get('customer')) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The payment method is not attached to this customer' } } };
    const id = `pi_double${++n}`;
    const intent: Record<string, unknown> = {
      id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency'), customer: method.customer,
      payment_method: method.id, metadata: metadataOf(form), capture_method: 'automatic', amount_capturable: 0,
    };
    if (method.test === DOUBLE_CARDS.chargeFails) {
      Object.assign(intent, { status: 'requires_payment_method', amount_received: 0, latest_charge: null });
      intents.set(id, intent);
      return cardError('Your card was declined.', { payment_intent: intent });
    }
    charges++;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: `ch_double${n}` });
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function route(request: DoubleRequest): DoubleAnswer {
    const { method, path, form } = request;
    const key = method === 'POST' ? String(request.headers['idempotency-key'] ?? '') : '';
    if (key && answered.has(`${path} ${key}`)) return answered.get(`${path} ${key}`)!;
    const answer = handle(method, path, form);
    if (answer && key) answered.set(`${path} ${key}`, answer);
    return answer;
  }

  function handle(method: string, path: string, form: URLSearchParams): DoubleAnswer {
    const setupId = /^\/v1\/setup_intents\/(seti_\w+)(\/confirm)?$/.exec(path);
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: `cus_double${++customers}`, object: 'customer', email: form.get('email'), metadata: metadataOf(form) } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = `seti_double${++n}`;
      const setup: SetupIntent = {
        id, client_secret: `${id}_secret_double`, customer: form.get('customer'), status: 'requires_payment_method', payment_method: null,
        metadata: metadataOf(form), last_setup_error: null,
      };
      setupIntents.set(id, setup);
      return { status: 200, body: setupJson(setup, false) };
    }
    if (setupId && method === 'POST' && setupId[2]) return confirmSetup(setupId[1], form.get('payment_method') ?? '');
    if (setupId && method === 'GET') {
      const setup = setupIntents.get(setupId[1]);
      return setup ? { status: 200, body: setupJson(setup, true) } : notFound(`No such setupintent: '${setupId[1]}'`);
    }
    if (method === 'POST' && path === '/v1/payment_intents' && form.get('off_session') === 'true') return chargeOffSession(form);
    const intentId = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path)?.[1];
    if (method === 'GET' && intentId) return intents.has(intentId) ? { status: 200, body: intents.get(intentId) } : notFound(`No such payment_intent: '${intentId}'`);
    return null;
  }

  return {
    route,
    setupIntents,
    methods,
    /** Confirms a SetupIntent with one of DOUBLE_CARDS, as Stripe.js does in the browser; returns its status afterwards. */
    confirmSetup: (id: string, testCard: string) => confirmSetup(id, testCard),
    /** Off-session charges that succeeded (a repeated idempotency key is not a second one). */
    charges: () => charges,
  };
}
