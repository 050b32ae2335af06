import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../contract/credits.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { holdForOffer, ledgerAccount, postTransfer, resolveHold } from '../ledger/test-ledger.js';
import { creditOfferRow, creditsOf, earnCredit, expectLedgerBalanced } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerBalanced(ctx.database));
afterAll(() => ctx.close());

const summary = (list: CreditTransaction[]) => list.map((t) => [t.transactionType, t.amount, t.status]);

describe('GET /api/credits/:userId', () => {
  it('is only for that user: 401 signed out, 403 anyone else, 400 for a bad id', async () => {
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json()).toEqual({ userId: alice.user.id, credits: '0.00', pending: '0.00' });
    expect((await alice.get(`/api/credits/${alice.user.id}/transactions`)).json()).toEqual([]);
    for (const url of [`/api/credits/${bob.user.id}`, `/api/credits/${bob.user.id}/transactions`]) {
      expect((await alice.get(url)).statusCode).toBe(403);
      expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
    }
    for (const id of ['abc', '-1', '1.5', '99999999999']) expect((await alice.get(`/api/credits/${id}`)).statusCode).toBe(400);
  });
});

describe('GET /api/credits/:userId/transactions', () => {
  it('lists every movement of the credit account, newest first, holds marked with how they ended', async () => {
    const alice = await signUp(ctx.app);
    const shop = await earnCredit(ctx.app, alice, 2);
    const db = ctx.database.db;
    // Two offers of alice's, made on her two visits (ended ones: only their holds matter here).
    const [first, second] = ((await alice.get('/api/appointments')).json() as { id: number }[]).map((a) => a.id);
    const offer = () => creditOfferRow(ctx.database, { fromUserId: alice.user.id, toUserId: shop.owner.user.id, fromAppointmentId: first, toAppointmentId: second, status: 'declined' });
    const [declinedOffer, acceptedOffer] = [await offer(), await offer()];

    // An offer's hold is spent from the balance at once and shows as pending until settled.
    const declined = await holdForOffer(db, declinedOffer, 60);
    expect(await creditsOf(alice)).toMatchObject({ credits: '1.40', pending: '0.00' });
    const accepted = await holdForOffer(db, acceptedOffer, 100);
    expect(await creditsOf(alice)).toMatchObject({ credits: '0.40', pending: '0.00' });
    let list = (await alice.get(`/api/credits/${alice.user.id}/transactions`)).json() as CreditTransaction[];
    expect(summary(list)).toEqual([
      ['offer_hold', '-1.00', 'pending'],
      ['offer_hold', '-0.60', 'pending'],
      ['earned_booking', '1.00', 'posted'],
      ['earned_booking', '1.00', 'posted'],
    ]);

    await resolveHold(db, declined, 0, { description: 'Offer declined' });
    await resolveHold(db, accepted, 80, { description: 'Paid for an offer' });
    expect(await creditsOf(alice)).toMatchObject({ credits: '1.20', pending: '0.00' });
    // The escrow passes what it received on (a plain transfer touching only other accounts).
    const recipient = await signUp(ctx.app);
    const escrow = await ledgerAccount(db, { kind: 'offer_escrow', asset: 'CREDIT', offerId: acceptedOffer, noOverdraft: true });
    const recipientCredit = await ledgerAccount(db, { kind: 'user_credit', asset: 'CREDIT', userId: recipient.user.id, noOverdraft: true });
    await postTransfer(db, { debit: escrow, credit: recipientCredit, amount: 80, asset: 'CREDIT', code: 'offer_paid' });
    list = (await alice.get(`/api/credits/${alice.user.id}/transactions`)).json() as CreditTransaction[];
    expect(summary(list)).toEqual([
      ['offer_hold', '-0.80', 'posted'],
      ['offer_hold', '0.00', 'voided'],
      ['earned_booking', '1.00', 'posted'],
      ['earned_booking', '1.00', 'posted'],
    ]);
    expect(list.map((t) => t.description).slice(0, 3)).toEqual(['Paid for an offer', 'Offer declined', `Earned for booking Checkup at ${shop.businessName}`]);
    expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
    expect(summary((await recipient.get(`/api/credits/${recipient.user.id}/transactions`)).json())).toEqual([['offer_paid', '0.80', 'posted']]);
    expect(await creditsOf(recipient)).toMatchObject({ credits: '0.80', pending: '0.00' });
  });
});
