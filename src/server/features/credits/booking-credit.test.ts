import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../contract/credits.js';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { resolveHold } from '../ledger/test-ledger.js';
import { creditsOf, expectLedgerBalanced } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerBalanced(ctx.database));
afterAll(() => ctx.close());

type Client = Awaited<ReturnType<typeof signUp>>;
const history = async (client: Client) => (await client.get(`/api/credits/${client.user.id}/transactions`)).json() as CreditTransaction[];
const summary = (list: CreditTransaction[]) => list.map((t) => [t.transactionType, t.amount, t.status]);

async function booked(time = '10:00') {
  const shop = await serviceBusiness(ctx.app);
  const customer = await signUp(ctx.app);
  const date = upcomingWeekday();
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
  expect(res.statusCode).toBe(201);
  return { ...shop, customer, date, id: res.json().id as number };
}

describe('booking credit: pending when booked, spendable once completed, voided on cancel', () => {
  it('holds the $1.00 as pending at booking: listed at once, not spendable', async () => {
    const { customer, businessName } = await booked();
    expect(await creditsOf(customer)).toEqual({ userId: customer.user.id, credits: '0.00', pending: '1.00' });
    const list = await history(customer);
    expect(list).toEqual([
      expect.objectContaining({ transactionType: 'earned_booking', amount: '1.00', status: 'pending', description: `Earned for booking Checkup at ${businessName}` }),
    ]);
  });

  it('makes it spendable when the business completes the appointment, once', async () => {
    const { owner, customer, id } = await booked();
    expect((await completeVisit(owner, id)).statusCode).toBe(200);
    expect(await creditsOf(customer)).toMatchObject({ credits: '1.00', pending: '0.00' });
    expect(summary(await history(customer))).toEqual([['earned_booking', '1.00', 'posted']]);
    expect((await completeVisit(owner, id)).statusCode).toBe(409);
    expect(await creditsOf(customer)).toMatchObject({ credits: '1.00', pending: '0.00' });
    const rows = await queryRows<{ flags: string }>(ctx.database, `select flags from ledger_transfers where appointment_id = ${id} order by id`);
    expect(rows.map((r) => r.flags)).toEqual(['pending', 'post_pending']);
  });

  it('voids it when the customer or the business cancels; the entry stays listed as voided', async () => {
    for (const by of ['customer', 'owner'] as const) {
      const { owner, customer, id, businessName } = await booked();
      expect((await (by === 'customer' ? customer : owner).patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
      expect(await creditsOf(customer)).toMatchObject({ credits: '0.00', pending: '0.00' });
      const list = await history(customer);
      expect(summary(list)).toEqual([['earned_booking', '0.00', 'voided']]);
      expect(list[0].description).toBe(`Voided: booking of Checkup at ${businessName} was cancelled`);
      // a cancelled appointment cannot be completed, so the voided credit never comes back
      expect((await completeVisit(owner, id)).statusCode).toBe(409);
      expect(await creditsOf(customer)).toMatchObject({ credits: '0.00', pending: '0.00' });
    }
  });

  it('keeps the pending credit as it is through a reschedule', async () => {
    const { customer, id, date, owner } = await booked();
    expect((await customer.patch(`/api/appointments/${id}`, { date, time: '14:00' })).statusCode).toBe(200);
    expect(await creditsOf(customer)).toMatchObject({ credits: '0.00', pending: '1.00' });
    expect((await completeVisit(owner, id)).statusCode).toBe(200);
    expect(await creditsOf(customer)).toMatchObject({ credits: '1.00', pending: '0.00' });
    expect(summary(await history(customer))).toEqual([['earned_booking', '1.00', 'posted']]);
  });

  it('cannot be farmed by booking and cancelling', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00']) {
      const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
      expect((await customer.patch(`/api/appointments/${res.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    }
    expect(await creditsOf(customer)).toMatchObject({ credits: '0.00', pending: '0.00' });
  });

  it('gives nothing to an owner booking their own business, booked or completed', async () => {
    const shop = await serviceBusiness(ctx.app);
    const res = await book(shop.owner, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' });
    expect(res.statusCode).toBe(201);
    expect(await creditsOf(shop.owner)).toMatchObject({ credits: '0.00', pending: '0.00' });
    expect((await completeVisit(shop.owner, res.json().id)).statusCode).toBe(200);
    expect(await creditsOf(shop.owner)).toMatchObject({ credits: '0.00', pending: '0.00' });
    expect(await history(shop.owner)).toEqual([]);
    // at someone else's business the same person earns as any customer
    const other = await serviceBusiness(ctx.app);
    expect((await book(shop.owner, { businessId: other.businessId, serviceId: other.serviceId, date: upcomingWeekday(), time: '10:00' })).statusCode).toBe(201);
    expect(await creditsOf(shop.owner)).toMatchObject({ credits: '0.00', pending: '1.00' });
  });

  it('leaves credit earned before this change (posted at booking, no hold) alone when that booking is cancelled', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' });
    const id = res.json().id as number;
    // Recreate the old shape: the hold settled away, and the credit as one transfer posted at booking.
    const [hold] = await queryRows<{ id: number; debit: number; credit: number }>(
      ctx.database,
      `select id, debit_account_id as debit, credit_account_id as credit from ledger_transfers where appointment_id = ${id} and code = 'earned_booking'`,
    );
    await resolveHold(ctx.database.db, hold.id, 0);
    // No SQL function posts a transfer tagged with an appointment any more: written here as the old code did.
    await queryRows(
      ctx.database,
      `with moved as (
         update ledger_accounts set debits_posted = debits_posted + (case when id = ${hold.debit} then 100 else 0 end),
                                    credits_posted = credits_posted + (case when id = ${hold.credit} then 100 else 0 end)
          where id in (${hold.debit}, ${hold.credit}) returning id)
       insert into ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
       select ${hold.debit}, ${hold.credit}, 100, 'CREDIT', 'single', 'earned_booking', '', ${id} where (select count(*) from moved) = 2`,
    );
    expect(await creditsOf(customer)).toMatchObject({ credits: '1.00', pending: '0.00' });
    expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await creditsOf(customer)).toMatchObject({ credits: '1.00', pending: '0.00' });
    expect(summary(await history(customer))).toEqual([
      ['earned_booking', '1.00', 'posted'],
      ['earned_booking', '0.00', 'voided'],
    ]);
  });
});
