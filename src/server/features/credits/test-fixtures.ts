import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { offers } from '../../db/schema.js';
import { assetTotals } from '../ledger/test-ledger.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { completeVisit } from '../../test/test-app.js';

/**
 * Books `count` visits for the customer, each on its own weekday (credit is earned once per
 * customer, business and day), and has the business complete them: $1.00 of spendable credit each.
 */
export async function earnCredit(app: FastifyInstance, customer: Client, count = 1) {
  const shop = await serviceBusiness(app);
  for (let i = 0; i < count; i++) {
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(2, i), time: '10:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await completeVisit(shop.owner, booked.json().id)).statusCode).toBe(200);
  }
  return shop;
}

/** Every asset sums to zero over all accounts, posted and pending (DESIGN section 5). */
export async function expectLedgerBalanced(database: Database) {
  const totals = await assetTotals(database.db);
  for (const [asset, total] of Object.entries(totals)) expect(total, asset).toEqual({ posted: 0, pending: 0 });
}

export const creditsOf = async (client: Client) => (await client.get(`/api/credits/${client.user.id}`)).json() as { credits: string; pending: string };

/**
 * An offer row paid in Que Credit, written as the offers feature writes it but with no hold: tests
 * place holds on it with que_offer_hold (ledger/test-ledger.ts).
 */
export async function creditOfferRow(
  database: Database,
  o: { fromUserId: number; toUserId: number; fromAppointmentId: number; toAppointmentId: number; status?: string },
): Promise<number> {
  const [row] = await database.db
    .insert(offers)
    .values({
      ...o, offerType: 'queue_jump', paymentMethod: 'credits', feeKind: 'service', offerCents: 150, expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: offers.id });
  return row.id;
}
