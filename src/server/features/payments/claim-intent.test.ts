import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, queryRows, type TestContext } from '../../test/test-app.js';
import { authorizedIntent, claimAuthorizedIntent, insertOffer, swapParties } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

const claim = (input: Parameters<typeof claimAuthorizedIntent>[1]) => unitOfWork(ctx.database.db, (tx) => claimAuthorizedIntent(tx, input));
const offerIdOf = async (id: string) => (await queryRows<{ offer_id: number | null }>(ctx.database, `select offer_id from payment_intents where id = '${id}'`))[0].offer_id;

describe('claimAuthorizedIntent', () => {
  it('binds an authorized intent, by id or by clientSecret, to one offer; claiming again for that offer is a no-op', async () => {
    const parties = await swapParties(ctx.app);
    const [first, second] = [await authorizedIntent(parties.payer, 30), await authorizedIntent(parties.payer, 30)];
    const [offerA, offerB] = [await insertOffer(ctx.database.db, parties), await insertOffer(ctx.database.db, parties)];
    const userId = parties.payer.user.id;
    expect(await claim({ idOrClientSecret: first.paymentIntentId, userId, amountCents: 3000, offerId: offerA })).toEqual({ id: first.paymentIntentId });
    expect(await claim({ idOrClientSecret: second.clientSecret, userId, amountCents: 3000, offerId: offerB })).toEqual({ id: second.paymentIntentId });
    expect(await claim({ idOrClientSecret: first.clientSecret, userId, amountCents: 3000, offerId: offerA })).toEqual({ id: first.paymentIntentId });
    expect([await offerIdOf(first.paymentIntentId), await offerIdOf(second.paymentIntentId)]).toEqual([offerA, offerB]);
    const claimed = await queryRows(ctx.database, `select claimed_at is not null as claimed from payment_intents where offer_id in (${offerA}, ${offerB})`);
    expect(claimed).toEqual([{ claimed: true }, { claimed: true }]);
  });

  it('says what is wrong, with one message for unknown and not-yours, and changes nothing', async () => {
    const parties = await swapParties(ctx.app);
    const offerId = await insertOffer(ctx.database.db, parties);
    const userId = parties.payer.user.id;
    const { paymentIntentId } = await authorizedIntent(parties.payer, 30);
    const unconfirmed = (await parties.payer.post('/api/create-payment-intent', { amount: 30 })).json().paymentIntentId as string;
    const reject = (input: Partial<Parameters<typeof claimAuthorizedIntent>[1]>) =>
      claim({ idOrClientSecret: paymentIntentId, userId, amountCents: 3000, offerId, ...input }).then(
        () => 'claimed',
        (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
      );
    const notFound = 'VALIDATION: Payment not found: authorize a card payment first and send its id';
    expect(await reject({ idOrClientSecret: 'pi_nothingLikeThis0000' })).toBe(notFound);
    expect(await reject({ userId: parties.payee.user.id })).toBe(notFound);
    expect(await reject({ idOrClientSecret: unconfirmed })).toBe('VALIDATION: The payment is not authorized yet: confirm the card first');
    expect(await reject({ amountCents: 3500 })).toBe('VALIDATION: The payment authorizes $30.00 but this offer charges $35.00: $35.00 expected');
    expect(await offerIdOf(paymentIntentId)).toBeNull();
    expect(await reject({})).toBe('claimed');
    const otherOffer = await insertOffer(ctx.database.db, parties);
    expect(await reject({ offerId: otherOffer })).toBe('VALIDATION: The payment is already used by another offer');
    expect(await offerIdOf(paymentIntentId)).toBe(offerId);
  });

  it('lets exactly one of several offers claiming one intent at the same time win', async () => {
    const parties = await swapParties(ctx.app);
    const { paymentIntentId } = await authorizedIntent(parties.payer, 30);
    const offerIds = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertOffer(ctx.database.db, parties)));
    const outcomes = await Promise.allSettled(
      offerIds.map((offerId) =>
        unitOfWork(ctx.database.db, async (tx) => {
          const claimed = await claimAuthorizedIntent(tx, { idOrClientSecret: paymentIntentId, userId: parties.payer.user.id, amountCents: 3000, offerId });
          // Hold the row lock a moment, so the others really wait on it (PostgreSQL runs these in parallel).
          await tx.execute('select pg_sleep(0.05)');
          return claimed;
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason.message).toBe('The payment is already used by another offer');
    }
    expect(offerIds).toContain(await offerIdOf(paymentIntentId));
  });

  it("refuses create-payment-intent for an offer the user is no party to (403), and accepts the payer's", async () => {
    const parties = await swapParties(ctx.app);
    const offerId = await insertOffer(ctx.database.db, parties);
    const stranger = (await swapParties(ctx.app)).payer;
    expect((await stranger.post('/api/create-payment-intent', { amount: 5, offerId })).statusCode).toBe(403);
    expect((await parties.payer.post('/api/create-payment-intent', { amount: 5, offerId })).statusCode).toBe(200);
  });
});
