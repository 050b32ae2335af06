import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// Races (PostgreSQL only: PGlite is one connection, so requests never overlap there). The unique index
// on reviews.appointment_id is the arbiter of two reviews of one visit; the rating summary's update is
// arithmetic on the locked row, so parallel reviews of one business never lose a count.

let ctx: TestContext;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];

/** `count` completed visits at one shop, each by its own customer. */
async function completedVisits(count: number) {
  const shop = await serviceBusiness(ctx.app);
  const visits = [];
  for (let i = 0; i < count; i++) {
    const customer = await signUp(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(2, Math.floor(i / TIMES.length)), time: TIMES[i % TIMES.length] });
    expect(booked.statusCode, booked.body).toBe(201);
    visits.push({ customer, id: booked.json().id as number });
  }
  for (const v of visits) expect((await completeVisit(shop.owner, v.id)).statusCode).toBe(200);
  return { shop, visits };
}

const summary = async (businessId: number) =>
  (await queryRows<{ c: number; t: number; a: string | null; n: number }>(
    ctx.database,
    `select rating_count c, rating_total t, rating_average::text a, (select count(*)::int from reviews where business_id = ${businessId}) n from businesses where id = ${businessId}`,
  ))[0];

describe.runIf(process.env.TEST_DB === 'postgres')('parallel reviews', () => {
  it('two reviews of one visit at once, 30 times: exactly one 201 and one 409 ALREADY_REVIEWED each time', async () => {
    const { shop, visits } = await completedVisits(30);
    for (const v of visits) {
      const results = await Promise.all([
        v.customer.post(`/api/appointments/${v.id}/review`, { rating: 5 }),
        v.customer.post(`/api/appointments/${v.id}/review`, { rating: 1 }),
      ]);
      const codes = results.map((r) => (r.statusCode === 201 ? '201' : `${r.statusCode} ${r.json().code}`)).sort();
      expect(codes).toEqual(['201', '409 ALREADY_REVIEWED']);
    }
    const s = await summary(shop.businessId);
    expect(s.c).toBe(30);
    expect(s.n).toBe(30);
    const [{ total }] = await queryRows<{ total: number }>(ctx.database, `select sum(rating)::int total from reviews where business_id = ${shop.businessId}`);
    expect(s.t).toBe(total);
  }, 120_000);

  it('20 customers reviewing one business at once: every count and point kept, the average theirs', async () => {
    const { shop, visits } = await completedVisits(20);
    const ratings = visits.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(visits.map((v, i) => v.customer.post(`/api/appointments/${v.id}/review`, { rating: ratings[i] })));
    expect(results.map((r) => r.statusCode)).toEqual(visits.map(() => 201));
    const total = ratings.reduce((a, b) => a + b, 0);
    expect(await summary(shop.businessId)).toEqual({ c: 20, t: total, a: (Math.round((total / 20) * 10) / 10).toFixed(1), n: 20 });
  }, 120_000);

  it('two first replies at once, 10 times: one posts it (201), the other edits it (200), one reply kept', async () => {
    const { shop, visits } = await completedVisits(10);
    for (const v of visits) {
      const review = await v.customer.post(`/api/appointments/${v.id}/review`, { rating: 3 });
      const id = review.json().id as number;
      const results = await Promise.all(['First', 'Second'].map((text) => shop.owner.post(`/api/reviews/${id}/reply`, { text })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      const [row] = await queryRows<{ edited: boolean }>(ctx.database, `select reply_edited_at is not null edited from reviews where id = ${id}`);
      expect(row.edited).toBe(true);
    }
  }, 120_000);
});
