import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const slots = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?${query}` })).json() as string[];

async function booked(duration = 30) {
  const shop = await serviceBusiness(ctx.app, { duration });
  const customer = await signUp(ctx.app);
  const date = upcomingWeekday();
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
  expect(res.statusCode).toBe(201);
  return { ...shop, customer, date, id: res.json().id as number };
}

describe('PATCH /api/appointments/:id to cancel', () => {
  it('lets the customer cancel, frees the slot and voids the pending booking credit', async () => {
    const { customer, id, businessId, serviceId, date } = await booked();
    const res = await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'cancelled', isMine: true });
    expect(await slots(`businessId=${businessId}&serviceId=${serviceId}&date=${date}`)).toContain('10:00');
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
    const history = (await customer.get(`/api/credits/${customer.user.id}/transactions`)).json();
    expect(history.map((t: { transactionType: string; amount: string; status: string }) => [t.transactionType, t.amount, t.status])).toEqual([
      ['earned_booking', '0.00', 'voided'],
    ]);
    const again = await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
  });

  it('lets the business owner cancel; anyone else gets 403, a missing one 404, signed out 401', async () => {
    const { owner, customer, id } = await booked();
    const stranger = await signUp(ctx.app);
    expect((await stranger.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(401);
    expect((await customer.patch('/api/appointments/987654', { status: 'cancelled' })).statusCode).toBe(404);
    const res = await owner.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', isMine: false, customerId: customer.user.id });
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
  });

  it('rejects bodies that are neither a cancel nor a reschedule', async () => {
    const { customer, id } = await booked();
    for (const body of [{}, { status: 'confirmed' }, { status: 'completed' }, { status: 'cancelled', date: '2030-01-01' }, { date: upcomingWeekday() }, { time: '10:00' }]) {
      const res = await customer.patch(`/api/appointments/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await customer.patch('/api/appointments/abc', { status: 'cancelled' })).statusCode).toBe(400);
    expect((await customer.patch('/api/appointments/0', { status: 'cancelled' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/appointments/:id to reschedule', () => {
  it('moves the customer’s appointment when the new time is free, and frees the old one', async () => {
    const { customer, id, businessId, serviceId, date } = await booked(60);
    const res = await customer.patch(`/api/appointments/${id}`, { date, time: '14:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, date, time: '14:00', duration: 60, status: 'confirmed' });
    const free = await slots(`businessId=${businessId}&serviceId=${serviceId}&date=${date}`);
    expect(free).toContain('10:00');
    expect(free).not.toContain('14:00');
    expect(free).not.toContain('13:30');
    // moving by half an hour overlaps its own old period: allowed
    expect((await customer.patch(`/api/appointments/${id}`, { date, time: '14:30' })).statusCode).toBe(200);
    // rescheduling does not pay credit again: the one booking credit stays pending
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '1.00' });
  });

  it('lists the times to move to (forAppointment) only to its customer, for its own business and service', async () => {
    const { owner, customer, id, businessId, serviceId, date } = await booked(60);
    const url = (forAppointment: number, service = serviceId, business = businessId) =>
      `/api/available-slots?businessId=${business}&serviceId=${service}&date=${date}&forAppointment=${forAppointment}`;
    const own = await customer.get(url(id));
    expect(own.statusCode, own.body).toBe(200);
    // its own time is free to move within
    expect(own.json()).toContain('10:00');
    expect((await new TestClient(ctx.app).get(url(id))).statusCode).toBe(401);
    expect((await customer.get(url(id + 1_000_000))).statusCode).toBe(404);
    expect((await owner.get(url(id))).statusCode).toBe(403);
    const other = await owner.post(`/api/businesses/${businessId}/services`, { name: 'Other', duration: 30, price: '10.00' });
    expect((await customer.get(url(id, other.json().id))).statusCode).toBe(400);
    const elsewhere = await serviceBusiness(ctx.app);
    expect((await customer.get(url(id, elsewhere.serviceId, elsewhere.businessId))).statusCode).toBe(400);
  });

  it('answers 409 SLOT_TAKEN for a taken time, 403 to the owner and strangers, 409 once cancelled', async () => {
    const { owner, customer, id, businessId, serviceId, date } = await booked(60);
    const other = await signUp(ctx.app);
    expect((await book(other, { businessId, serviceId, date, time: '12:00' })).statusCode).toBe(201);
    const taken = await customer.patch(`/api/appointments/${id}`, { date, time: '11:30' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    const offHours = await customer.patch(`/api/appointments/${id}`, { date, time: '16:30' });
    expect(offHours.statusCode).toBe(409);
    // A whole day that cannot be booked says why, as a booking does.
    const past = await customer.patch(`/api/appointments/${id}`, { date: upcomingDay(-1), time: '10:00' });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toEqual({ code: 'SLOT_TAKEN', message: 'That date is in the past. Please choose today or a later date.' });
    const far = await customer.patch(`/api/appointments/${id}`, { date: upcomingDay(45), time: '10:00' });
    expect(far.json()).toEqual({ code: 'SLOT_TAKEN', message: 'Appointments can be booked at most 30 days ahead. Please choose an earlier date.' });
    expect(taken.json().message).toBe('That time slot is no longer available');
    expect((await owner.patch(`/api/appointments/${id}`, { date, time: '15:00' })).statusCode).toBe(403);
    expect((await other.patch(`/api/appointments/${id}`, { date, time: '15:00' })).statusCode).toBe(403);
    expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const late = await customer.patch(`/api/appointments/${id}`, { date, time: '15:00' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('INVALID_STATE');
  });

  it('re-checks restaurant capacity, not counting the reservation being moved', async () => {
    const { businessId } = await restaurant(ctx.app, { seatingCapacity: 8, maxPartySize: 6, reservationDuration: 120 });
    const date = upcomingDay(5);
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    const first = await book(a, { businessId, date, time: '18:00', partySize: 6 });
    expect(first.statusCode).toBe(201);
    expect((await book(b, { businessId, date, time: '21:00', partySize: 4 })).statusCode).toBe(201);
    // its own six seats do not block a move by 30 minutes
    expect((await a.patch(`/api/appointments/${first.json().id}`, { date, time: '18:30' })).statusCode).toBe(200);
    // 20:00-22:00 would overlap b's four: 6 + 4 > 8
    const full = await a.patch(`/api/appointments/${first.json().id}`, { date, time: '20:00' });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('SLOT_TAKEN');
  });
});

describe('POST /api/appointments/:id/complete', () => {
  it('lets only the owner complete a confirmed appointment, once', async () => {
    const { owner, customer, id, date } = await booked();
    expect((await new TestClient(ctx.app).post(`/api/appointments/${id}/complete`)).statusCode).toBe(401);
    expect((await completeVisit(customer, id)).statusCode).toBe(403);
    const otherOwner = (await serviceBusiness(ctx.app)).owner;
    expect((await completeVisit(otherOwner, id)).statusCode).toBe(403);
    expect((await owner.post('/api/appointments/987654/complete')).statusCode).toBe(404);
    const done = await completeVisit(owner, id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, status: 'completed', customerName: 'Pat Doe' });
    const again = await completeVisit(owner, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');
    // a completed appointment can be neither cancelled nor moved
    expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await owner.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(409);
    const moved = await customer.patch(`/api/appointments/${id}`, { date, time: '14:00' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ code: 'INVALID_STATE', message: 'This appointment is already completed' });
    // completing made the credit spendable, and it stays earned
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '1.00', pending: '0.00' });
  });

  it('does not complete a cancelled appointment', async () => {
    const { owner, customer, id } = await booked();
    expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const res = await completeVisit(owner, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVALID_STATE');
  });
});
