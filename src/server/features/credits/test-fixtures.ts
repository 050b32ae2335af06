import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { assetTotals } from '../ledger/ledger.service.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

/** Books `count` visits for the customer and has the business complete them: $1.00 of spendable credit each. */
export async function earnCredit(app: FastifyInstance, customer: Client, count = 1) {
  const shop = await serviceBusiness(app);
  const date = upcomingWeekday();
  for (let i = 0; i < count; i++) {
    const time = `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await shop.owner.post(`/api/appointments/${booked.json().id}/complete`)).statusCode).toBe(200);
  }
  return shop;
}

/** Every asset sums to zero over all accounts, posted and pending (DESIGN section 5). */
export async function expectLedgerBalanced(database: Database) {
  const totals = await assetTotals(database.db);
  for (const [asset, total] of Object.entries(totals)) expect(total, asset).toEqual({ posted: 0, pending: 0 });
}

export const creditsOf = async (client: Client) => (await client.get(`/api/credits/${client.user.id}`)).json() as { credits: string; pending: string };
