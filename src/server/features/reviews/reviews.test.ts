import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// Verified reviews (DESIGN section 10): who may write one and when, the business's rating kept in
// the same transaction, the public list, the owner's one reply and reports.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

const DAY = 86_400_000;
let dayOffset = 0;

/** A shop, a customer with a booking there (completed unless told otherwise), and its id. */
async function visit(options: { complete?: boolean; shop?: Awaited<ReturnType<typeof serviceBusiness>>; customer?: Client; time?: string; name?: string } = {}) {
  const shop = options.shop ?? (await serviceBusiness(ctx.app, { name: 'Haircut' }));
  const customer = options.customer ?? (await signUp(ctx.app));
  const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(2, dayOffset++ % 15), time: options.time ?? '10:00', customerName: options.name ?? 'Anna Karenina' });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as number;
  if (options.complete !== false) expect((await completeVisit(shop.owner, id)).statusCode).toBe(200);
  return { shop, customer, id, date: booked.json().date as string };
}

const rating = async (businessId: number) =>
  (await queryRows<{ c: number; t: number; a: string | null }>(ctx.database, `select rating_count c, rating_total t, rating_average::text a from businesses where id = ${businessId}`))[0];

describe('POST /api/appointments/:id/review', () => {
  it('the customer of a completed visit reviews it once: 201, the rating summary follows, again is 409', async () => {
    const { shop, customer, id, date } = await visit();
    const res = await customer.post(`/api/appointments/${id}/review`, { rating: 4, text: '  Lovely cut.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ appointmentId: id, businessId: shop.businessId, rating: 4, text: 'Lovely cut.', serviceName: 'Haircut', visitDate: date, reply: null, author: 'Anna K.' });
    expect(await rating(shop.businessId)).toEqual({ c: 1, t: 4, a: '4.0' });

    const again = await customer.post(`/api/appointments/${id}/review`, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_REVIEWED', message: 'You have already reviewed this visit' });
    expect(await rating(shop.businessId)).toEqual({ c: 1, t: 4, a: '4.0' });

    // a second visit's review: the average is rounded to one decimal
    const second = await visit({ shop, customer, time: '11:00' });
    expect((await customer.post(`/api/appointments/${second.id}/review`, { rating: 5, text: '' })).statusCode).toBe(201);
    const third = await visit({ shop, time: '12:00' });
    expect((await third.customer.post(`/api/appointments/${third.id}/review`, { rating: 5 })).statusCode).toBe(201);
    expect(await rating(shop.businessId)).toEqual({ c: 3, t: 14, a: '4.7' });
    const card = (await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}` })).json();
    expect(card).toMatchObject({ ratingAverage: 4.7, ratingCount: 3 });
  });

  it('refuses a visit not completed, a cancelled one, and one past the window with 409 and a code', async () => {
    const open = await visit({ complete: false });
    const notYet = await open.customer.post(`/api/appointments/${open.id}/review`, { rating: 5 });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ code: 'NOT_REVIEWABLE', message: 'You can review this visit once the business marks it completed' });

    const cancelled = await visit({ complete: false });
    expect((await cancelled.customer.patch(`/api/appointments/${cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const res = await cancelled.customer.post(`/api/appointments/${cancelled.id}/review`, { rating: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'NOT_REVIEWABLE', message: 'A cancelled appointment cannot be reviewed' });

    const late = await visit();
    const [{ at }] = await queryRows<{ at: Date }>(ctx.database, `select updated_at at from appointments where id = ${late.id}`);
    ctx.clock.set(new Date(at).getTime() + RULES.reviewWindowDays * DAY + 60_000);
    const tooLate = await late.customer.post(`/api/appointments/${late.id}/review`, { rating: 3 });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('REVIEW_WINDOW_CLOSED');
    // the last minute of the window still counts
    ctx.clock.set(new Date(at).getTime() + RULES.reviewWindowDays * DAY - 60_000);
    expect((await late.customer.post(`/api/appointments/${late.id}/review`, { rating: 3 })).statusCode).toBe(201);
    for (const b of [open, cancelled]) expect(await rating(b.shop.businessId)).toEqual({ c: 0, t: 0, a: null });
  });

  it('someone else’s visit is 403, the owner of the business is 403, signed out is 401, none is 404', async () => {
    const { shop, id } = await visit();
    const stranger = await signUp(ctx.app);
    expect((await stranger.post(`/api/appointments/${id}/review`, { rating: 5 })).statusCode).toBe(403);
    const own = await shop.owner.post(`/api/appointments/${id}/review`, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot review your own business');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/appointments/${id}/review`, payload: { rating: 5 } })).statusCode).toBe(401);
    expect((await stranger.post('/api/appointments/2147483000/review', { rating: 5 })).statusCode).toBe(404);
    expect(await rating(shop.businessId)).toEqual({ c: 0, t: 0, a: null });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { customer, id } = await visit();
    for (const [body, message] of [
      [{}, 'rating: rating is required'],
      [{ rating: 0 }, 'rating: rating must be from 1 to 5'],
      [{ rating: 6 }, 'rating: rating must be from 1 to 5'],
      [{ rating: 4.5 }, 'rating: rating must be a whole number from 1 to 5'],
      [{ rating: '5' }, 'rating: rating must be a number from 1 to 5'],
      [{ rating: 5, text: 'x'.repeat(2001) }, 'text: text must be at most 2000 characters'],
    ] as const) {
      const res = await customer.post(`/api/appointments/${id}/review`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await customer.post(`/api/appointments/${id}/review`, { rating: 5, text: 'x'.repeat(2000) })).statusCode).toBe(201);
  });
});

describe('appointments say whether they may be reviewed', () => {
  it('a completed visit carries reviewableUntil until reviewed, then its review; others see neither', async () => {
    const { shop, customer, id } = await visit();
    const open = await visit({ shop, customer, complete: false, time: '15:00' });
    const mine = async () => ((await customer.get('/api/appointments')).json() as { id: number; review: unknown; reviewableUntil: string | null }[]);
    const [{ at }] = await queryRows<{ at: Date }>(ctx.database, `select updated_at at from appointments where id = ${id}`);
    let list = await mine();
    expect(list.find((a) => a.id === id)).toMatchObject({ review: null, reviewableUntil: new Date(new Date(at).getTime() + 30 * DAY).toISOString() });
    expect(list.find((a) => a.id === open.id)).toMatchObject({ review: null, reviewableUntil: null });
    const review = (await customer.post(`/api/appointments/${id}/review`, { rating: 2 })).json();
    list = await mine();
    expect(list.find((a) => a.id === id)).toMatchObject({ review: { id: review.id, rating: 2 }, reviewableUntil: null });
    const ownerView = (await shop.owner.get(`/api/appointments?businessId=${shop.businessId}`)).json() as { id: number; review: unknown }[];
    expect(ownerView.find((a) => a.id === id)).toMatchObject({ review: null, reviewableUntil: null });
  });
});

describe('GET /api/businesses/:id/reviews', () => {
  it('lists newest first in pages with a Link header, signed with a first name and initial; public; 404 without the business', async () => {
    const shop = await serviceBusiness(ctx.app, { name: 'Colour' });
    // the name given at booking becomes the profile's name (the latest wins)
    const names = ['Anna Karenina', '  boris   de godunov ', 'Cher'];
    const ids: number[] = [];
    const base = Date.now() + 25 * DAY;
    for (const [i, name] of names.entries()) {
      const v = await visit({ shop, name, time: ['09:00', '11:00', '13:00'][i] });
      ctx.clock.set(base + i * 60_000);
      const res = await v.customer.post(`/api/appointments/${v.id}/review`, { rating: 5 - i, text: `review ${i}` });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const first = await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/reviews?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { id: number; author: string; text: string; reply: unknown; serviceName: string }[];
    expect(page1.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1[0].author).toBe('Cher');
    expect(page1[1]).toMatchObject({ author: 'boris G.', serviceName: 'Colour', reply: null });
    expect(JSON.stringify(page1)).not.toContain('@example.com');
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1];
    const second = await ctx.app.inject({ method: 'GET', url: link });
    expect((second.json() as { id: number; author: string }[]).map((r) => [r.id, r.author])).toEqual([[ids[0], 'Anna K.']]);
    expect(second.headers.link).toBeUndefined();

    expect((await ctx.app.inject({ method: 'GET', url: '/api/businesses/2147483000/reviews' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/reviews?cursor=nope` })).statusCode).toBe(400);
    const empty = await serviceBusiness(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/businesses/${empty.businessId}/reviews` })).json()).toEqual([]);
  });
});

describe('the owner’s reply and reports', () => {
  async function reviewed() {
    const v = await visit();
    const review = await v.customer.post(`/api/appointments/${v.id}/review`, { rating: 2, text: 'Late start' });
    expect(review.statusCode).toBe(201);
    return { ...v, reviewId: review.json().id as number };
  }

  it('replies once (201), edits within 24 hours (200), then 409; others 403', async () => {
    const { shop, customer, reviewId } = await reviewed();
    const start = Date.now() + 5 * DAY;
    ctx.clock.set(start);
    const first = await shop.owner.post(`/api/reviews/${reviewId}/reply`, { text: 'Sorry about the wait.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().reply).toEqual({ text: 'Sorry about the wait.', repliedAt: new Date(start).toISOString(), editedAt: null });

    ctx.clock.set(start + 23 * 3_600_000);
    const edit = await shop.owner.post(`/api/reviews/${reviewId}/reply`, { text: 'Sorry about the wait; next one is on us.' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().reply).toEqual({ text: 'Sorry about the wait; next one is on us.', repliedAt: new Date(start).toISOString(), editedAt: new Date(start + 23 * 3_600_000).toISOString() });

    ctx.clock.set(start + 24 * 3_600_000 + 1000);
    const late = await shop.owner.post(`/api/reviews/${reviewId}/reply`, { text: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REPLY_EDIT_WINDOW_CLOSED');

    for (const other of [customer, await signUp(ctx.app), (await serviceBusiness(ctx.app)).owner]) {
      expect((await other.post(`/api/reviews/${reviewId}/reply`, { text: 'hi' })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: `/api/reviews/${reviewId}/reply`, payload: { text: 'hi' } })).statusCode).toBe(401);
    expect((await shop.owner.post(`/api/reviews/${reviewId}/reply`, { text: '   ' })).json().message).toBe('text: text is required: write the reply');
    expect((await shop.owner.post('/api/reviews/2147483000/reply', { text: 'x' })).statusCode).toBe(404);
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/reviews` })).json();
    expect(listed[0].reply.text).toBe('Sorry about the wait; next one is on us.');
  });

  it('the owner reports a review once (409 again); it stays listed; others 403', async () => {
    const { shop, customer, reviewId } = await reviewed();
    const res = await shop.owner.post(`/api/reviews/${reviewId}/report`, { reason: 'Not a customer of ours' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reviewId, reason: 'Not a customer of ours' });
    const again = await shop.owner.post(`/api/reviews/${reviewId}/report`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPORTED');
    expect((await customer.post(`/api/reviews/${reviewId}/report`, {})).statusCode).toBe(403);
    expect((await shop.owner.post(`/api/reviews/${reviewId}/report`, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    const asOwner = (await shop.owner.get(`/api/businesses/${shop.businessId}/reviews`)).json();
    expect(asOwner.map((r: { id: number; reportedByMe: boolean }) => [r.id, r.reportedByMe])).toEqual([[reviewId, true]]);
    const asPublic = (await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/reviews` })).json();
    expect(asPublic.map((r: { id: number; reportedByMe: boolean }) => [r.id, r.reportedByMe])).toEqual([[reviewId, false]]);
  });
});
