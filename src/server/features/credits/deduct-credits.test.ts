import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { fingerprint } from '../../test/db-fingerprint.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { holdForOffer, resolveHold } from '../ledger/test-ledger.js';
import { creditOfferRow, creditsOf, earnCredit, expectLedgerBalanced } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerBalanced(ctx.database));
afterAll(() => ctx.close());

const deduct = (client: TestClient, body: object) => client.post('/api/credits/deduct', body);

/** An offer row from `from` to `to`, each with a booking at one shop. */
async function offerBetween(from: Awaited<ReturnType<typeof signUp>>, to: Awaited<ReturnType<typeof signUp>>) {
  const shop = await serviceBusiness(ctx.app);
  const date = upcomingWeekday();
  const at = (time: string) => ({ businessId: shop.businessId, serviceId: shop.serviceId, date, time });
  const [a, b] = [await book(from, at('15:00')), await book(to, at('09:00'))];
  return creditOfferRow(ctx.database, { fromUserId: from.user.id, toUserId: to.user.id, fromAppointmentId: a.json().id, toAppointmentId: b.json().id });
}

describe('POST /api/credits/deduct', () => {
  it('with queueJumpOfferId 0 only checks the spendable balance, for the signed-in user, and changes nothing', async () => {
    const alice = await signUp(ctx.app);
    await earnCredit(ctx.app, alice, 3);
    const before = await fingerprint(ctx.database);
    for (const body of [{ userId: alice.user.id, queueJumpOfferId: 0, amount: '3.00' }, { queueJumpOfferId: 0, amount: 2.5 }]) {
      const res = await deduct(alice, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ credits: '3.00', sufficient: true, held: '0.00' });
    }
    const short = await deduct(alice, { userId: alice.user.id, queueJumpOfferId: 0, amount: '5.00' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'INSUFFICIENT_CREDIT',
      message: 'You need $5.00 in Que Credit but only have $3.00. Book more appointments to earn Que Credit!',
    });
    expect(await fingerprint(ctx.database)).toEqual(before);
    expect(await creditsOf(alice)).toMatchObject({ credits: '3.00', pending: '0.00' });
  });

  it('does not count pending booking credit', async () => {
    const bob = await signUp(ctx.app);
    const shop = await serviceBusiness(ctx.app);
    expect((await book(bob, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' })).statusCode).toBe(201);
    const res = await deduct(bob, { queueJumpOfferId: 0, amount: '1.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You need $1.00 in Que Credit but only have $0.00. Book more appointments to earn Que Credit!');
  });

  it('is for the signed-in user only: 401 signed out, 403 for another userId; bad bodies are 400', async () => {
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    await earnCredit(ctx.app, bob);
    expect((await deduct(new TestClient(ctx.app), { queueJumpOfferId: 0, amount: '1.00' })).statusCode).toBe(401);
    const other = await deduct(alice, { userId: bob.user.id, queueJumpOfferId: 0, amount: '1.00' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    for (const body of [{}, { queueJumpOfferId: 0 }, { queueJumpOfferId: 0, amount: '0' }, { queueJumpOfferId: 0, amount: '1.234' }, { queueJumpOfferId: -1, amount: '1' }, { queueJumpOfferId: 0, amount: 'ten' }]) {
      const res = await deduct(bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('for an offer answers what that offer holds in credit, never taking any: 404 unknown, 403 not the payer', async () => {
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    await earnCredit(ctx.app, alice, 2);
    const offerId = await offerBetween(alice, bob);
    expect((await deduct(alice, { queueJumpOfferId: 987654, amount: '1.50' })).statusCode).toBe(404);
    expect((await deduct(bob, { queueJumpOfferId: offerId, amount: '1.50' })).statusCode).toBe(403);

    const db = ctx.database.db;
    const hold = await holdForOffer(db, offerId, 150);
    const before = await fingerprint(ctx.database);
    const res = await deduct(alice, { userId: alice.user.id, queueJumpOfferId: offerId, amount: '1.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ credits: '0.50', sufficient: true, held: '1.50' });
    expect(await fingerprint(ctx.database)).toEqual(before);

    await resolveHold(db, hold, 0);
    expect((await deduct(alice, { queueJumpOfferId: offerId, amount: '1.50' })).json()).toEqual({ credits: '2.00', sufficient: false, held: '0.00' });
    // alice's own booking for the offer still holds its pending $1.00
    expect(await creditsOf(alice)).toMatchObject({ credits: '2.00', pending: '1.00' });
  });
});
