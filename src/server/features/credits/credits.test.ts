import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../contract/credits.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { AccountKind, assetTotals, createPending, getOrCreateAccount, voidPending } from '../ledger/ledger.service.js';
import { userCreditAccount } from './credits.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const summary = (list: CreditTransaction[]) => list.map((t) => [t.transactionType, t.amount]);

describe('GET /api/credits/:userId', () => {
  it('is only for that user: 401 signed out, 403 anyone else, 400 for a bad id', async () => {
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json()).toEqual({ userId: alice.user.id, credits: '0.00' });
    expect((await alice.get(`/api/credits/${alice.user.id}/transactions`)).json()).toEqual([]);
    for (const url of [`/api/credits/${bob.user.id}`, `/api/credits/${bob.user.id}/transactions`]) {
      expect((await alice.get(url)).statusCode).toBe(403);
      expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
    }
    for (const id of ['abc', '-1', '1.5', '99999999999']) expect((await alice.get(`/api/credits/${id}`)).statusCode).toBe(400);
  });

  it('earns $1.00 per booking and lists each movement newest first with a signed amount', async () => {
    const shop = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    const ids: number[] = [];
    for (const time of ['09:00', '10:00', '11:00']) {
      const res = await book(alice, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
      ids.push(res.json().id);
    }
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json().credits).toBe('3.00');
    expect((await alice.patch(`/api/appointments/${ids[1]}`, { status: 'cancelled' })).statusCode).toBe(200);
    const list = (await alice.get(`/api/credits/${alice.user.id}/transactions`)).json() as CreditTransaction[];
    expect(summary(list)).toEqual([
      ['reversed_booking', '-1.00'],
      ['earned_booking', '1.00'],
      ['earned_booking', '1.00'],
      ['earned_booking', '1.00'],
    ]);
    expect(list[0].description).toBe(`Reversed: booking of Checkup at ${shop.businessName} was cancelled`);
    expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json().credits).toBe('2.00');
  });

  it('reverses only what is still available when credit is held elsewhere', async () => {
    const shop = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const booked = await book(alice, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '13:00' });
    const db = ctx.database.db;
    const account = await userCreditAccount(db, alice.user.id);
    const escrow = await getOrCreateAccount(db, { kind: AccountKind.offerEscrow, asset: 'CREDIT', offerId: 424242, noOverdraft: true });
    const hold = await createPending(db, { debitAccountId: account.id, creditAccountId: escrow.id, amount: 60, asset: 'CREDIT', code: 'offer_hold', description: 'Held for an offer' });
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json().credits).toBe('0.40');

    expect((await alice.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json().credits).toBe('0.00');
    await voidPending(db, { pendingId: hold.id, code: 'offer_hold_released', description: 'Offer declined' });
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json().credits).toBe('0.60');
    const list = (await alice.get(`/api/credits/${alice.user.id}/transactions`)).json() as CreditTransaction[];
    expect(summary(list)).toEqual([
      ['offer_hold_released', '0.60'],
      ['reversed_booking', '-0.40'],
      ['offer_hold', '-0.60'],
      ['earned_booking', '1.00'],
    ]);
  });

  it('keeps every asset summing to zero across all accounts', async () => {
    const totals = await assetTotals(ctx.database.db);
    expect(totals.CREDIT).toEqual({ posted: 0, pending: 0 });
    for (const t of Object.values(totals)) expect(t).toEqual({ posted: 0, pending: 0 });
  });
});
