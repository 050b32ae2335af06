import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import { book, restaurant, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { creditOffer, expectLedgerBalanced, grantCredit, swapParties } from '../offers/test-fixtures.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';

// Owner changes under existing bookings (DESIGN section 4): each change that would leave upcoming
// confirmed bookings on an absent member, a closed day or hours, or a removed service answers 409
// STRANDS_BOOKINGS naming them, and changes nothing, unless the owner asks to reassign or cancel them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

async function shopWithBooking(customerName = 'Rita Moreno') {
  const shop = await serviceBusiness(ctx.app);
  const customer = await signUp(ctx.app);
  const date = upcomingWeekday();
  const made = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00', customerName });
  expect(made.statusCode, made.body).toBe(201);
  const [member] = (await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json();
  return { ...shop, customer, date, appointmentId: made.json().id as number, memberId: member.id as number, memberName: member.name as string };
}

async function addMember(shop: Shop, name: string) {
  const res = await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The customer's own view of one of their appointments. */
const appointment = async (client: Shop['owner'], id: number) =>
  ((await client.get('/api/appointments')).json() as { id: number }[]).find((a) => a.id === id);

function expectStrands(res: { statusCode: number; body: string; json(): { code?: string; bookings?: unknown[] } }, booking: Record<string, unknown>) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().code).toBe('STRANDS_BOOKINGS');
  expect(res.json().bookings).toEqual([expect.objectContaining(booking)]);
}

describe('owner changes that would strand bookings', () => {
  it('time off over a booking: 409 naming it, nothing written; reassign moves it to a free member', async () => {
    const shop = await shopWithBooking();
    const timeOff = { startDate: shop.date, endDate: shop.date, reason: 'Holiday' };
    const refused = await shop.owner.post(`/api/staff/${shop.memberId}/time-off`, timeOff);
    expectStrands(refused, { id: shop.appointmentId, date: shop.date, time: '10:00', serviceName: 'Checkup', customerName: 'Rita Moreno', staffName: shop.memberName });
    const [member] = (await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json();
    expect(member.timeOff).toEqual([]);

    // No other member: reassigning fails whole, and nothing changes.
    const nobody = await shop.owner.post(`/api/staff/${shop.memberId}/time-off?reassign=true`, timeOff);
    expect(nobody.statusCode, nobody.body).toBe(409);
    expect(nobody.json().message).toContain('No other staff member is free');
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json()[0].timeOff).toEqual([]);

    const other = await addMember(shop, 'Marco');
    const moved = await shop.owner.post(`/api/staff/${shop.memberId}/time-off?reassign=true&toStaffId=${other}`, timeOff);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'confirmed', staffId: other, staffName: 'Marco', time: '10:00' });
  });

  it('reassign to a named member who is not free fails whole', async () => {
    const shop = await shopWithBooking();
    const busy = await addMember(shop, 'Busy Bee');
    const blocker = await signUp(ctx.app);
    const taken = await book(blocker, { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, time: '10:00', staffId: busy });
    expect(taken.statusCode, taken.body).toBe(201);
    const res = await shop.owner.post(`/api/staff/${shop.memberId}/time-off?reassign=true&toStaffId=${busy}`, { startDate: shop.date, endDate: shop.date, reason: 'x' });
    expect(res.statusCode, res.body).toBe(409);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ staffId: shop.memberId });
    expect((await shop.owner.post(`/api/staff/${shop.memberId}/time-off?cancelBookings=true&reassign=true`, { startDate: shop.date, endDate: shop.date, reason: 'x' })).statusCode).toBe(400);
  });

  it('a blocked date over a booking: 409; cancelBookings cancels, tells the customer, queues the e-mail and voids the booking credit', async () => {
    const shop = await shopWithBooking();
    const refused = await shop.owner.post('/api/business-availability', { businessId: shop.businessId, date: shop.date, reason: 'Closed' });
    expectStrands(refused, { id: shop.appointmentId, time: '10:00' });
    expect((await shop.owner.get(`/api/business-availability/${shop.businessId}`)).json()).toEqual([]);
    const before = (await shop.customer.get(`/api/credits/${shop.customer.user.id}`)).json();
    expect(before.pending).toBe('1.00');

    const done = await shop.owner.post('/api/business-availability?cancelBookings=true', { businessId: shop.businessId, date: shop.date, reason: 'Closed' });
    expect(done.statusCode, done.body).toBe(201);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'cancelled' });
    const notes = (await shop.customer.get('/api/notifications')).json();
    expect(JSON.stringify(notes)).toContain(`${shop.businessName} cancelled your Checkup`);
    const mail = await queryRows<{ subject: string }>(ctx.database, `select subject from email_outbox where appointment_id = ${shop.appointmentId} order by id`);
    expect(mail.length).toBe(2);
    expect(mail[1].subject.toLowerCase()).toContain('cancel');
    const after = (await shop.customer.get(`/api/credits/${shop.customer.user.id}`)).json();
    expect(after.pending).toBe('0.00');
  });

  it('weekly hours closing the booked day: 409 with nothing changed, then cancelBookings applies them', async () => {
    const shop = await shopWithBooking();
    const dow = dayOfWeek(shop.date);
    const hours = [1, 2, 3, 4, 5].filter((d) => d !== dow).map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' }));
    expectStrands(await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours }), { id: shop.appointmentId });
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/hours`)).json().hours).toHaveLength(5);
    // Hours that still hold the 10:00 visit change freely.
    const later = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openTime: '10:00', closeTime: '16:00' }));
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: later })).statusCode).toBe(200);
    const done = await shop.owner.put(`/api/businesses/${shop.businessId}/hours?cancelBookings=true`, { hours });
    expect(done.statusCode, done.body).toBe(200);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'cancelled' });
  });

  it("a member's own hours that leave out the visit: 409, and reassign moves it", async () => {
    const shop = await shopWithBooking();
    const other = await addMember(shop, 'Ana');
    const dow = dayOfWeek(shop.date);
    const hours = { hours: [{ dayOfWeek: dow, openTime: '13:00', closeTime: '17:00' }] };
    expectStrands(await shop.owner.put(`/api/staff/${shop.memberId}/hours`, hours), { id: shop.appointmentId, staffId: shop.memberId });
    const member = (await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json()[0];
    expect(member.hours).toBeNull();
    const moved = await shop.owner.put(`/api/staff/${shop.memberId}/hours?reassign=true`, hours);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'confirmed', staffId: other });
  });

  it('deactivating a member lists the bookings; reassign to a chosen member; cancelBookings cancels', async () => {
    const shop = await shopWithBooking();
    const chosen = await addMember(shop, 'Chosen');
    expectStrands(await shop.owner.delete(`/api/staff/${shop.memberId}`), { id: shop.appointmentId, customerName: 'Rita Moreno' });
    const moved = await shop.owner.delete(`/api/staff/${shop.memberId}?reassign=true&toStaffId=${chosen}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ deactivated: true, reassigned: 1 });
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ staffId: chosen });

    const again = await shopWithBooking();
    await addMember(again, 'Other');
    const cancelled = await again.owner.delete(`/api/staff/${again.memberId}?cancelBookings=true`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await appointment(again.customer, again.appointmentId)).toMatchObject({ status: 'cancelled' });
  });

  it('restaurant time slots removed or deactivated under a reservation: 409; cancelBookings cancels', async () => {
    const dining = await restaurant(ctx.app);
    const guest = await signUp(ctx.app);
    const date = addDays(upcomingWeekday(), 0);
    const made = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const slots = (await dining.owner.get(`/api/restaurant-time-slots/${dining.businessId}`)).json();
    const slot = slots.find((s: { dayOfWeek: number }) => s.dayOfWeek === dayOfWeek(date));
    expectStrands(await dining.owner.delete(`/api/restaurant-time-slots/${slot.id}`), { id: made.json().id, time: '19:00' });
    const off = { ...slot, isActive: false };
    delete off.id;
    expectStrands(await dining.owner.put(`/api/restaurant-time-slots/${slot.id}`, off), { id: made.json().id });
    expect((await dining.owner.get(`/api/restaurant-time-slots/${dining.businessId}`)).json()).toEqual(slots);
    const done = await dining.owner.delete(`/api/restaurant-time-slots/${slot.id}?cancelBookings=true`);
    expect(done.statusCode, done.body).toBe(204);
    expect(await appointment(guest, made.json().id)).toMatchObject({ status: 'cancelled' });
  });

  it('a service with bookings: 409 on delete; archived with keepBookings: off the menu, its booking still movable', async () => {
    const shop = await shopWithBooking();
    expectStrands(await shop.owner.delete(`/api/services/${shop.serviceId}`), { id: shop.appointmentId, serviceName: 'Checkup' });
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/services`)).json()).toHaveLength(1);
    const archived = await shop.owner.delete(`/api/services/${shop.serviceId}?keepBookings=true`);
    expect(archived.statusCode, archived.body).toBe(204);
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/services`)).json()).toEqual([]);
    const stranger = await signUp(ctx.app);
    const fresh = await book(stranger, { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, time: '11:00' });
    expect(fresh.statusCode).toBe(404);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'confirmed', serviceName: 'Checkup' });
    const slotsUrl = `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${shop.date}`;
    expect((await stranger.get(slotsUrl)).statusCode).toBe(404);
    expect((await stranger.get(`${slotsUrl}&forAppointment=${shop.appointmentId}`)).statusCode).toBe(403);
    const movable = await shop.customer.get(`${slotsUrl}&forAppointment=${shop.appointmentId}`);
    expect(movable.statusCode, movable.body).toBe(200);
    expect(movable.json()).toContain('11:00');
    const moved = await shop.customer.patch(`/api/appointments/${shop.appointmentId}`, { date: shop.date, time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ time: '11:00', status: 'confirmed' });
  });

  it('deleting a service with bookings and cancelBookings cancels them and removes it', async () => {
    const shop = await shopWithBooking();
    const res = await shop.owner.delete(`/api/services/${shop.serviceId}?cancelBookings=true`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await appointment(shop.customer, shop.appointmentId)).toMatchObject({ status: 'cancelled' });
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/services`)).json()).toEqual([]);
  });
});

describe('the guard reads only the bookings a change can touch (que_stranded_appointments scoped)', () => {
  it('a date, a member or weekdays leave out stranded bookings outside them; no scope finds all', async () => {
    const shop = await shopWithBooking();
    const later = addDays(shop.date, 7);
    const second = await book(shop.customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: later, time: '10:00' });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().id as number;
    // Both days closed behind the guard's back, so both bookings have no place.
    await queryRows(ctx.database, `insert into blocked_dates (business_id, date) values (${shop.businessId}, '${shop.date}'), (${shop.businessId}, '${later}')`);
    const other = await addMember(shop, 'Marco');
    const scan = async (scope: string) =>
      (await queryRows<{ ids: number[] }>(ctx.database, `select que_stranded_appointments(${shop.businessId}, now(), ${scope}) as ids`))[0].ids.map(Number);
    expect(await scan('null, null, null, null')).toEqual([shop.appointmentId, secondId]);
    expect(await scan(`'${shop.date}', '${shop.date}', null, null`)).toEqual([shop.appointmentId]);
    expect(await scan(`'${later}', null, null, null`)).toEqual([secondId]);
    expect(await scan(`null, null, ${shop.memberId}, null`)).toEqual([shop.appointmentId, secondId]);
    expect(await scan(`null, null, ${other}, null`)).toEqual([]);
    expect(await scan(`null, null, null, '{${dayOfWeek(shop.date)}}'`)).toEqual([shop.appointmentId, secondId]);
    expect(await scan(`null, null, null, '{${(dayOfWeek(shop.date) + 1) % 7}}'`)).toEqual([]);
  });
});

describe('cancelBookings moves money as a business cancel does (DESIGN section 5)', () => {
  it('a blocked date over both sides of an accepted swap refunds the payer in full', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2500);
    const made = (await creditOffer(p, 20)).json();
    expect((await p.payee.post(`/api/queue-jump-offers/${made.id}/accept`)).statusCode).toBe(200);
    const refused = await p.owner.post('/api/business-availability', { businessId: p.businessId, date: p.date, reason: 'Burst pipe' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().bookings.map((b: { id: number }) => b.id).sort()).toEqual([p.payerAppointmentId, p.payeeAppointmentId].sort());
    const done = await p.owner.post('/api/business-availability?cancelBookings=true', { businessId: p.businessId, date: p.date, reason: 'Burst pipe' });
    expect(done.statusCode, done.body).toBe(201);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('refunded');
    expect((await p.payer.get(`/api/credits/${p.payer.user.id}`)).json().credits).toBe('25.00');
    expect((await p.payee.get(`/api/credits/${p.payee.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
    await expectLedgerBalanced(ctx.database);
  });
});

describe('a booking and a closing change, one after the other under the business lock', () => {
  it('booked first: the block is refused; blocked first: the booking is refused; side by side: never both', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const first = upcomingWeekday(2);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: first, time: '09:00' })).statusCode).toBe(201);
    expect((await shop.owner.post('/api/business-availability', { businessId: shop.businessId, date: first, reason: 'x' })).statusCode).toBe(409);
    const second = upcomingWeekday(2, 1);
    expect((await shop.owner.post('/api/business-availability', { businessId: shop.businessId, date: second, reason: 'x' })).statusCode).toBe(201);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: second, time: '09:00' })).statusCode).toBeGreaterThanOrEqual(400);
    for (const skip of [2, 3, 4]) {
      const date = upcomingWeekday(2, skip);
      const [blocked, booked] = await Promise.all([
        shop.owner.post('/api/business-availability', { businessId: shop.businessId, date, reason: 'race' }),
        book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' }),
      ]);
      expect([blocked.statusCode === 201, booked.statusCode === 201], `${blocked.body} / ${booked.body}`).not.toEqual([true, true]);
      expect(blocked.statusCode === 201 || booked.statusCode === 201).toBe(true);
    }
  });
});

describe("a business's time zone under bookings", () => {
  it('a Tokyo shop with a 10:00 booking cannot move to New York; one without bookings can', async () => {
    const shop = await serviceBusiness(ctx.app, {}, { timeZone: 'Asia/Tokyo' });
    const customer = await signUp(ctx.app);
    const made = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3), time: '10:00' });
    expect(made.statusCode, made.body).toBe(201);
    const refused = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { timeZone: 'America/New_York' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('1 upcoming appointment');
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}`)).json().timeZone).toBe('Asia/Tokyo');
    // The same zone again, or other fields, still change.
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { timeZone: 'Asia/Tokyo', description: 'Same' })).statusCode).toBe(200);

    const empty = await serviceBusiness(ctx.app, {}, { timeZone: 'Asia/Tokyo' });
    const changed = await empty.owner.patch(`/api/businesses/${empty.businessId}`, { timeZone: 'America/New_York' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().timeZone).toBe('America/New_York');
  });
});
