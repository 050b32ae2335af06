import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek } from '../../../contract/time.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let anon: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  anon = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;
type Member = { id: number; name: string };

const slots = async (shop: Shop, date: string, extra = '') => {
  const res = await anon.get(`/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as string[];
};
const availability = async (shop: Shop, date: string, extra = '') => {
  const res = await anon.get(`/api/businesses/${shop.businessId}/availability?serviceId=${shop.serviceId}&date=${date}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { date: string; slots: { time: string; staff: Member[] }[] };
};
const firstMember = async (shop: Shop): Promise<Member> => (await anon.get(`/api/businesses/${shop.businessId}/staff`)).json()[0];
const addMember = async (shop: Shop, name: string, serviceIds: number[] = []): Promise<Member> => {
  const res = await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name, serviceIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const appointment = async (id: number) =>
  (await queryRows<{ staff_id: number; staff_requested: boolean }>(ctx.database, `select staff_id, staff_requested from appointments where id = ${id}`))[0];

describe('staff members in the slots and bookings', () => {
  it('keeps a visit out of a lunch break', async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 60 });
    const date = upcomingWeekday();
    const member = await firstMember(shop);
    const dow = dayOfWeek(date);
    const hours = [{ dayOfWeek: dow, openTime: '09:00', closeTime: '12:00' }, { dayOfWeek: dow, openTime: '13:00', closeTime: '17:00' }];
    expect((await shop.owner.put(`/api/staff/${member.id}/hours`, { hours })).statusCode).toBe(200);
    const day = await slots(shop, date);
    expect(day).toContain('11:00');
    expect(day).toContain('13:00');
    // 11:30 would run into the break; nothing starts inside it.
    for (const t of ['11:30', '12:00', '12:30', '16:30']) expect(day).not.toContain(t);
    expect(day[day.length - 1]).toBe('16:00');
    // Back on the business's hours (09:00-17:00): the break is gone.
    await shop.owner.put(`/api/staff/${member.id}/hours`, { hours: null });
    expect(await slots(shop, date)).toContain('12:00');
  });

  it('takes a member on time off out of those days, and never offers one for a service they do not give', async () => {
    const shop = await serviceBusiness(ctx.app);
    const other = (await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Other', duration: 30, price: '10.00' })).json();
    const date = upcomingWeekday();
    const first = await firstMember(shop);
    const marco = await addMember(shop, 'Marco', [other.id]);
    // Marco gives only the other service.
    expect(await slots(shop, date, `&staffId=${marco.id}`)).toEqual([]);
    const who = await availability(shop, date);
    expect(who.date).toBe(date);
    expect(who.slots.length).toBeGreaterThan(0);
    expect(who.slots.every((s) => s.staff.length === 1 && s.staff[0].id === first.id)).toBe(true);
    // The first member off that day: nobody gives the service then, but the next day is unchanged.
    const off = await shop.owner.post(`/api/staff/${first.id}/time-off`, { startDate: date, endDate: date });
    expect(off.statusCode).toBe(201);
    expect(await slots(shop, date)).toEqual([]);
    expect((await slots(shop, upcomingWeekday(2, 1))).length).toBeGreaterThan(0);
    await shop.owner.delete(`/api/staff/${first.id}/time-off/${off.json().id}`);
    expect((await slots(shop, date)).length).toBeGreaterThan(0);
  });

  it('refuses a staffId that is not an active member of the business', async () => {
    const shop = await serviceBusiness(ctx.app);
    const elsewhere = await firstMember(await serviceBusiness(ctx.app));
    const date = upcomingWeekday();
    for (const url of [
      `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}&staffId=${elsewhere.id}`,
      `/api/businesses/${shop.businessId}/availability?serviceId=${shop.serviceId}&date=${date}&staffId=${elsewhere.id}`,
      `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}&staffId=999999`,
    ]) {
      const res = await anon.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('not an active staff member');
    }
    expect((await anon.get(`/api/businesses/${shop.businessId}/availability?date=${date}&staffId=abc`)).statusCode).toBe(400);
    expect((await anon.get(`/api/businesses/${shop.businessId}/availability?date=2030-02-30`)).statusCode).toBe(400);
    expect((await anon.get(`/api/businesses/999999/availability?date=${date}`)).statusCode).toBe(404);
  });

  it('offers one start to three members until three are booked, and names a taken member', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday();
    const first = await firstMember(shop);
    const ana = await addMember(shop, 'Ana');
    const marco = await addMember(shop, 'Marco');
    const at10 = async () => (await availability(shop, date)).slots.find((s) => s.time === '10:00')?.staff.map((m) => m.name) ?? [];
    expect(await at10()).toEqual([first.name, 'Ana', 'Marco']);
    const booked: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await slots(shop, date)).toContain('10:00');
      const res = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json().staffId);
      expect(await at10()).toHaveLength(2 - i);
    }
    expect(new Set(booked)).toEqual(new Set([first.id, ana.id, marco.id]));
    expect(await slots(shop, date)).not.toContain('10:00');
    const fourth = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(fourth.statusCode).toBe(409);

    // One member asked for: only their starts; taken, the refusal names them.
    const mine = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00', staffId: marco.id });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ staffId: marco.id, staffName: 'Marco', staffRequested: true });
    expect(await slots(shop, date, `&staffId=${marco.id}`)).not.toContain('11:00');
    expect(await slots(shop, date)).toContain('11:00');
    expect((await availability(shop, date, `&staffId=${ana.id}`)).slots.find((s) => s.time === '11:00')?.staff).toEqual([{ id: ana.id, name: 'Ana' }]);
    const taken = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00', staffId: marco.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', message: expect.stringContaining('Marco') });
  });
});

describe('deactivating a member with upcoming appointments', () => {
  async function shopWithMarco() {
    const shop = await serviceBusiness(ctx.app);
    const first = await firstMember(shop);
    const marco = await addMember(shop, 'Marco');
    const date = upcomingWeekday();
    const customers = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const ids: number[] = [];
    for (const [i, time] of ['10:00', '11:00', '14:00'].entries()) {
      const res = await book(customers[i], { businessId: shop.businessId, serviceId: shop.serviceId, date, time, staffId: marco.id });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    return { shop, first, marco, date, customers, ids };
  }

  it('refuses while they have upcoming appointments, naming how many', async () => {
    const { shop, marco } = await shopWithMarco();
    const res = await shop.owner.delete(`/api/staff/${marco.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Marco has 3 upcoming appointments: reassign them or cancel them first');
    expect((await anon.get(`/api/businesses/${shop.businessId}/staff`)).json().map((m: Member) => m.name)).toContain('Marco');
  });

  it('with reassign=true moves every appointment to a free member and tells who had chosen Marco', async () => {
    const { shop, first, marco, customers, ids } = await shopWithMarco();
    const res = await shop.owner.delete(`/api/staff/${marco.id}?reassign=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deactivated: true, reassigned: 3 });
    for (const id of ids) expect(await appointment(id)).toEqual({ staff_id: first.id, staff_requested: false });
    const notes = (await customers[0].get('/api/notifications')).json().notifications as { kind: string; body: string }[];
    const note = notes.find((n) => n.kind === 'staff_reassigned');
    expect(note?.body).toContain('Marco is no longer available');
    expect(note?.body).toContain(`${first.name} will serve you instead`);
    expect((await anon.get(`/api/businesses/${shop.businessId}/staff`)).json().map((m: Member) => m.id)).toEqual([first.id]);
  });

  it('changes nothing when one appointment cannot move, and names it', async () => {
    const { shop, first, marco, date, ids } = await shopWithMarco();
    // The first member is busy at 11:00: Marco's 11:00 has nowhere to go.
    const blocker = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00', staffId: first.id });
    expect(blocker.statusCode, blocker.body).toBe(201);
    const res = await shop.owner.delete(`/api/staff/${marco.id}?reassign=true`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('11:00');
    expect(res.json().message).toContain('nothing was changed');
    for (const id of ids) expect(await appointment(id)).toEqual({ staff_id: marco.id, staff_requested: true });
    expect((await anon.get(`/api/businesses/${shop.businessId}/staff`)).json().map((m: Member) => m.name)).toContain('Marco');
    const notes = await queryRows(ctx.database, `select 1 from notifications where kind = 'staff_reassigned' and appointment_id = ${ids[0]}`);
    expect(notes).toEqual([]);
  });

  it('moves an appointment only to a member who gives its service', async () => {
    const shop = await serviceBusiness(ctx.app);
    const other = (await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Other', duration: 30, price: '10.00' })).json();
    const first = await firstMember(shop);
    const marco = await addMember(shop, 'Marco');
    const ana = await addMember(shop, 'Ana', [other.id]);
    const date = upcomingWeekday();
    const mine = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00', staffId: marco.id });
    const busy = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00', staffId: first.id });
    expect([mine.statusCode, busy.statusCode]).toEqual([201, 201]);
    // Ana is free at 10:00 but does not give the service.
    const refused = await shop.owner.delete(`/api/staff/${marco.id}?reassign=true`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Checkup');
    // Once she gives every service, she takes it.
    await shop.owner.patch(`/api/staff/${ana.id}`, { serviceIds: [] });
    const moved = await shop.owner.delete(`/api/staff/${marco.id}?reassign=true`);
    expect(moved.json()).toEqual({ deactivated: true, reassigned: 1 });
    expect(await appointment(mine.json().id)).toEqual({ staff_id: ana.id, staff_requested: false });
  });
});
