import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

const confirm = (client: TestClient, id: string, cardNumber: string) => client.post(`/api/payment-intents/${id}/confirm`, { cardNumber });

describe('POST /api/create-payment-intent', () => {
  it('opens an intent for the signed-in user: amount in dollars in, decimal string out', async () => {
    const alice = await signUp(ctx.app);
    const res = await alice.post('/api/create-payment-intent', { amount: 30.5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ paymentIntentId: expect.stringMatching(/^pi_[A-Za-z0-9]{24}$/), clientSecret: expect.any(String), amount: '30.50', status: 'requires_payment_method' });
    expect(body.clientSecret).toMatch(new RegExp(`^${body.paymentIntentId}_secret_[A-Za-z0-9]+$`));
    const [row] = await queryRows(ctx.database, `select user_id, amount_cents, processor, offer_id from payment_intents where id = '${body.paymentIntentId}'`);
    expect(row).toEqual({ user_id: alice.user.id, amount_cents: 3050, processor: 'test', offer_id: null });
  });

  it('refuses the signed-out (401), junk amounts (400) and offers that do not exist (404)', async () => {
    expect((await new TestClient(ctx.app).post('/api/create-payment-intent', { amount: 30 })).statusCode).toBe(401);
    const alice = await signUp(ctx.app);
    for (const amount of ['30', 30.123, 0, -5, 0.49, 100_000.01, null, true, 1e308]) {
      const res = await alice.post('/api/create-payment-intent', { amount });
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await alice.post('/api/create-payment-intent', { amount: 30, offerId: 0 })).statusCode).toBe(200);
    const missing = await alice.post('/api/create-payment-intent', { amount: 30, offerId: 999999 });
    expect(missing.statusCode).toBe(404);
    expect((await alice.post('/api/create-payment-intent', { amount: 30, offerId: '7' })).statusCode).toBe(400);
  });
});

describe('POST /api/payment-intents/:id/confirm (test processor)', () => {
  it('authorizes with 4242 4242 4242 4242 and keeps the last four digits', async () => {
    const alice = await signUp(ctx.app);
    const { paymentIntentId } = (await alice.post('/api/create-payment-intent', { amount: 35 })).json();
    const res = await confirm(alice, paymentIntentId, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentIntentId, amount: '35.00', status: 'requires_capture' });
    const [row] = await queryRows(ctx.database, `select status, card_last4 from payment_intents where id = '${paymentIntentId}'`);
    expect(row).toEqual({ status: 'requires_capture', card_last4: '4242' });
    const again = await confirm(alice, paymentIntentId, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'INVALID_STATE', message: 'This payment is already authorized' });
  });

  it('declines 4000 0000 0000 0002 with 402 and lets the customer retry with another card', async () => {
    const alice = await signUp(ctx.app);
    const { paymentIntentId } = (await alice.post('/api/create-payment-intent', { amount: 35 })).json();
    const declined = await confirm(alice, paymentIntentId, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const other = await confirm(alice, paymentIntentId, '5555555555554444');
    expect(other.statusCode).toBe(402);
    expect(other.json().message).toMatch(/4242 4242 4242 4242/);
    const [row] = await queryRows(ctx.database, `select status, card_last4 from payment_intents where id = '${paymentIntentId}'`);
    expect(row).toEqual({ status: 'requires_payment_method', card_last4: null });
    expect((await confirm(alice, paymentIntentId, '4242424242424242')).json().status).toBe('requires_capture');
  });

  it("is only for the intent's owner: 401 signed out, 403 others, 404 unknown, 400 junk", async () => {
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    const { paymentIntentId } = (await alice.post('/api/create-payment-intent', { amount: 35 })).json();
    expect((await confirm(new TestClient(ctx.app), paymentIntentId, '4242424242424242')).statusCode).toBe(401);
    const stolen = await confirm(bob, paymentIntentId, '4242424242424242');
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('FORBIDDEN');
    expect((await confirm(bob, 'pi_doesNotExist123456', '4242424242424242')).statusCode).toBe(404);
    for (const id of ['42', 'pi_', 'pi_abc', 'pi_has-dash12345', `pi_${'a'.repeat(65)}`]) expect((await confirm(alice, id, '4242424242424242')).statusCode, id).toBe(400);
    for (const card of ['', '4242', 'abcdabcdabcdabcd', 4242424242424242, null]) {
      expect((await alice.post(`/api/payment-intents/${paymentIntentId}/confirm`, { cardNumber: card })).statusCode, `${card}`).toBe(400);
    }
    expect((await alice.post(`/api/payment-intents/${paymentIntentId}/confirm`, {})).statusCode).toBe(400);
    const [row] = await queryRows(ctx.database, `select status from payment_intents where id = '${paymentIntentId}'`);
    expect(row.status).toBe('requires_payment_method');
  });

  it('authorizes once when the same card is confirmed twice at the same time', async () => {
    const alice = await signUp(ctx.app);
    const { paymentIntentId } = (await alice.post('/api/create-payment-intent', { amount: 35 })).json();
    const results = await Promise.all([1, 2, 3].map(() => confirm(alice, paymentIntentId, '4242424242424242')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
