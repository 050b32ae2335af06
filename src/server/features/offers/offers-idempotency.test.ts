import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, type TestContext } from '../../test/test-app.js';
import { expectLedgerBalanced, grantCredit, offerCount, swapParties, wallet } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

describe('Idempotency-Key on money-moving offer requests', () => {
  it('replays a retried offer and a retried accept, holding and swapping once; another body with the key is 422', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2000);
    const before = await offerCount(ctx.database);
    const body = { fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 5, paymentMethod: 'credits' };
    const send = (payload: object, key: string) =>
      p.payer.request({ method: 'POST', url: '/api/queue-jump-offers', payload, headers: { 'idempotency-key': key } });

    const first = await send(body, 'offer-1');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await send(body, 'offer-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await offerCount(ctx.database)).toBe(before + 1);
    expect((await wallet(p.payer)).heldInEscrow).toBe('10.00');

    const other = await send({ ...body, offerAmount: 6 }, 'offer-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await offerCount(ctx.database)).toBe(before + 1);

    const accept = () => p.payee.request({ method: 'POST', url: `/api/queue-jump-offers/${first.json().id}/accept`, payload: {}, headers: { 'idempotency-key': 'accept-1' } });
    const accepted = await accept();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await accept();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    expect((await wallet(p.payer)).heldInEscrow).toBe('10.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('replays a retried completion, the POST that releases escrow and booking credit, instead of answering 409', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2000);
    const offer = await p.payer.post('/api/queue-jump-offers', { fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 5, paymentMethod: 'credits' });
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.json().id}/accept`)).statusCode).toBe(200);
    const complete = (id: number, key: string) => completeVisit(p.owner, id, { 'idempotency-key': key });
    expect((await complete(p.payerAppointmentId, 'complete-1')).statusCode).toBe(200);
    const released = await complete(p.payeeAppointmentId, 'complete-2');
    expect(released.statusCode, released.body).toBe(200);
    const retry = await complete(p.payeeAppointmentId, 'complete-2');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(released.json());
    // Paid out once: the payee's $4.75 and $1.00 booking credit, nothing twice.
    expect((await p.payee.get(`/api/credits/${p.payee.user.id}`)).json()).toMatchObject({ credits: '5.75', pending: '0.00' });
    // Without a key nothing changes: a second completion is still 409.
    expect((await completeVisit(p.owner, p.payeeAppointmentId)).statusCode).toBe(409);
    await expectLedgerBalanced(ctx.database);
  });
});
