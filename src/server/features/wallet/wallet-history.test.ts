import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../../contract/money.js';
import type { Database } from '../../db/client.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { splitOf } from '../offers/offer-rules.js';
import type { OfferRow } from '../offers/offers.repository.js';
import { authorizedIntent, expectLedgerBalanced, grantCredit, wallet } from '../offers/test-fixtures.js';

// GET /api/wallet reads open offers only (decision 0019). Its amounts must stay what they were when it
// summed over every offer a person ever had: checked against that old sum, and against the same wallet
// before a long closed and settled history was added.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ OFFER_SWEEPS: false, PAYMENT_WORKER: false });
});
afterAll(() => ctx.close());

/** The wallet's escrow figures as they were computed before: over all of the user's offers. */
async function summedOverEveryOffer(database: Database, userId: number) {
  const [held] = await queryRows<{ held: number }>(
    database,
    `select coalesce(sum(la.credits_pending + la.credits_posted - la.debits_posted), 0)::int as held
       from offers o join ledger_accounts la on la.kind = 'offer_escrow' and la.offer_id = o.id
      where o.from_user_id = ${userId} and (o.status in ('pending', 'negotiating') or (o.status = 'accepted' and o.escrow_status = 'held'))`,
  );
  const incoming = await queryRows<Record<string, unknown>>(
    database,
    `select agreed_cents as "agreedCents", counter_cents as "counterCents", offer_cents as "offerCents", fee_kind as "feeKind",
            recipient_cents as "recipientCents"
       from offers where to_user_id = ${userId} and status = 'accepted' and escrow_status = 'held'`,
  );
  const rows = incoming as unknown as Pick<OfferRow, 'agreedCents' | 'counterCents' | 'offerCents' | 'feeKind' | 'recipientCents'>[];
  const incomingCents = rows.reduce((sum, o) => sum + (o.recipientCents ?? splitOf(o).recipientCents), 0);
  return { heldInEscrow: centsToDecimal(held.held), pendingIncoming: centsToDecimal(incomingCents) };
}

const offerBody = (from: number, to: number, offerAmount: number) => ({ fromAppointmentId: from, toAppointmentId: to, offerAmount, offerType: 'queue_jump' });

async function offer(payer: Client, from: number, to: number, offerAmount: number, paymentMethod: 'cash' | 'credits') {
  const extra = paymentMethod === 'cash' ? { paymentIntentId: (await authorizedIntent(payer, offerAmount + 5)).clientSecret } : {};
  const res = await payer.post('/api/queue-jump-offers', { ...offerBody(from, to, offerAmount), paymentMethod, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Closed and settled offers between two appointments, both ways, in every closed state, written as rows. */
async function closedHistory(database: Database, a: { userId: number; appointmentId: number }, b: { userId: number; appointmentId: number }, count: number) {
  await queryRows(
    database,
    `insert into offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
                         status, escrow_status, settled_at, agreed_cents, total_cents, recipient_cents, business_fee_cents, platform_fee_cents, accepted_at, expires_at)
     select f.user_id, t.user_id, f.appointment_id, t.appointment_id, 'queue_jump', 'credits', 'service', 1000,
            s.status, s.escrow, now(), s.agreed, s.total, s.recipient, s.business, s.platform, s.accepted, now()
       from generate_series(1, ${count}) i
       cross join lateral (select case when i % 2 = 0 then ${a.userId} else ${b.userId} end as user_id, case when i % 2 = 0 then ${a.appointmentId} else ${b.appointmentId} end as appointment_id) f
       cross join lateral (select case when i % 2 = 0 then ${b.userId} else ${a.userId} end as user_id, case when i % 2 = 0 then ${b.appointmentId} else ${a.appointmentId} end as appointment_id) t
       cross join lateral (select (array['declined', 'cancelled', 'expired', 'accepted', 'accepted'])[1 + i % 5] as status,
                                  case when i % 5 = 3 then 'released' else 'refunded' end as escrow,
                                  case when i % 5 >= 3 then 1000 end as agreed, case when i % 5 >= 3 then 1500 end as total,
                                  case when i % 5 >= 3 then 950 end as recipient, case when i % 5 >= 3 then 500 end as business,
                                  case when i % 5 >= 3 then 50 end as platform, case when i % 5 >= 3 then now() end as accepted) s`,
  );
}

describe('the wallet with a long history', () => {
  it('holds and incoming stay what every offer summed to, before and after 200 closed and settled offers', async () => {
    const shop = await serviceBusiness(ctx.app);
    const [payer, payee, third] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    const at = async (client: Client, time: string) => {
      const res = await book(client, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const [payerLate, payeeEarly, thirdEarly, payerLater, payeeLate] = [await at(payer, '15:00'), await at(payee, '09:00'), await at(third, '10:00'), await at(payer, '16:00'), await at(payee, '14:00')];
    await grantCredit(ctx.database, payer.user.id, 10_000);
    await grantCredit(ctx.database, payee.user.id, 10_000);

    // Real closed offers first (declined, withdrawn: their holds voided), then what stays open:
    // an accepted card swap (escrow posted, the payee's pending incoming) and two live credit offers.
    const declined = await offer(payer, payerLater, thirdEarly, 12, 'credits');
    expect((await third.post(`/api/queue-jump-offers/${declined}/decline`)).statusCode).toBe(200);
    const withdrawn = await offer(payer, payerLater, thirdEarly, 13, 'credits');
    expect((await payer.post(`/api/queue-jump-offers/${withdrawn}/cancel`)).statusCode).toBe(200);
    const accepted = await offer(payer, payerLate, payeeEarly, 25, 'cash');
    expect((await payee.post(`/api/queue-jump-offers/${accepted}/accept`)).statusCode).toBe(200);
    await offer(payer, payerLater, thirdEarly, 20, 'credits');
    await offer(payee, payeeLate, thirdEarly, 30, 'credits');

    const people = [payer, payee, third];
    const before = await Promise.all(people.map((p) => wallet(p)));
    expect(before.map((w) => [w.heldInEscrow, w.pendingIncoming])).toEqual([['55.00', '0.00'], ['35.00', '23.75'], ['0.00', '0.00']]);
    for (const [i, p] of people.entries()) expect(before[i]).toMatchObject(await summedOverEveryOffer(ctx.database, p.user.id));

    await closedHistory(ctx.database, { userId: payer.user.id, appointmentId: payerLater }, { userId: payee.user.id, appointmentId: payeeLate }, 150);
    await closedHistory(ctx.database, { userId: payer.user.id, appointmentId: payerLater }, { userId: third.user.id, appointmentId: thirdEarly }, 50);
    const [{ n }] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from offers where ${payer.user.id} in (from_user_id, to_user_id)`);
    expect(n).toBeGreaterThanOrEqual(200);

    for (const [i, p] of people.entries()) {
      const now = await wallet(p);
      expect(now).toEqual(before[i]);
      expect(now).toMatchObject(await summedOverEveryOffer(ctx.database, p.user.id));
    }
    await expectLedgerBalanced(ctx.database);
  });
});
