import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { addDays } from '../../../contract/time.js';
import { signUp, createTestApp, testConfig, type TestContext } from '../../test/test-app.js';
import { listAvailableSlots, slotRules } from './available-slots.js';
import { businessNow } from './business-clock.js';
import { book, futureMonday, nextWeekday, restaurant, serviceBusiness, times } from './test-fixtures.js';

const rules = slotRules(testConfig());

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/available-slots?${query}` });

describe('GET /api/available-slots for a service business', () => {
  it('lists every 30 minutes inside the weekly hours, the whole service fitting before closing', async () => {
    const { business, service } = await serviceBusiness(ctx.app, { duration: 60 });
    const monday = futureMonday();
    const res = await get(`businessId=${business.id}&date=${monday}&serviceId=${service.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(times('09:00', '16:00', 30));
    // Saturday: closed by default
    expect((await get(`businessId=${business.id}&date=${addDays(monday, 5)}&serviceId=${service.id}`)).json()).toEqual([]);
  });

  it('steps by the service duration when it is shorter than 30 minutes, and defaults to the first service', async () => {
    const { business } = await serviceBusiness(ctx.app, { duration: 20 });
    const monday = futureMonday();
    const slots = (await get(`businessId=${business.id}&date=${monday}`)).json() as string[];
    expect(slots[0]).toBe('09:00');
    expect(slots[1]).toBe('09:20');
    expect(slots.at(-1)).toBe('16:40');
    expect(slots).toHaveLength(24);
  });

  it('leaves out times overlapping confirmed and completed appointments but not pending or cancelled ones, and ignores the excluded one', async () => {
    const { business, service } = await serviceBusiness(ctx.app, { duration: 60 });
    const monday = futureMonday();
    const base = { businessId: business.id, serviceId: service.id, date: monday, duration: 60 };
    const kept = await book(db(), { ...base, time: '10:00' });
    await book(db(), { ...base, time: '13:15', status: 'pending' });
    await book(db(), { ...base, time: '15:00', status: 'cancelled' });
    await book(db(), { ...base, time: '16:00', status: 'completed' });
    const slots = await listAvailableSlots(db(), { rules, businessId: business.id, date: monday, serviceId: service.id });
    // a pending appointment (a restaurant offer's temporary reservation) holds nothing; a completed
    // visit holds its time (completed early, it must not be sold again)
    expect(slots).toEqual(['09:00', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00']);
    const rescheduling = await listAvailableSlots(db(), { rules, businessId: business.id, date: monday, serviceId: service.id, excludeAppointmentIds: [kept] });
    expect(rescheduling).toContain('10:00');
    expect(rescheduling).toContain('09:30');
  });

  it('shows nothing on blocked dates, in the past, or beyond 30 days; today only after now in the business zone', async () => {
    const { owner, business, service } = await serviceBusiness(ctx.app, { timeZone: 'Asia/Tokyo' });
    const monday = futureMonday('Asia/Tokyo');
    expect((await owner.post('/api/business-availability', { businessId: business.id, date: monday })).statusCode).toBe(201);
    expect((await get(`businessId=${business.id}&date=${monday}`)).json()).toEqual([]);

    // 2030-01-07 is a Monday; 10:10 in Tokyo is 01:10 UTC
    const now = new Date('2030-01-07T01:10:00Z');
    const today = await listAvailableSlots(db(), { rules, businessId: business.id, date: '2030-01-07', serviceId: service.id, now });
    expect(today[0]).toBe('10:30');
    expect(await listAvailableSlots(db(), { rules, businessId: business.id, date: '2030-01-04', serviceId: service.id, now })).toEqual([]);
    const day30 = addDays('2030-01-07', 30); // a Wednesday
    expect(await listAvailableSlots(db(), { rules, businessId: business.id, date: day30, serviceId: service.id, now })).toHaveLength(16);
    expect(await listAvailableSlots(db(), { rules, businessId: business.id, date: addDays(day30, 1), serviceId: service.id, now })).toEqual([]);
    const atSlot = await listAvailableSlots(db(), { rules, businessId: business.id, date: '2030-01-07', serviceId: service.id, now: new Date('2030-01-07T01:30:00Z') });
    expect(atSlot[0]).toBe('11:00');
  });

  it('uses the weekly hours set by the owner and has no slots without any live service', async () => {
    const { owner, business, service } = await serviceBusiness(ctx.app, { duration: 45 });
    const monday = futureMonday();
    await owner.put(`/api/businesses/${business.id}/hours`, { hours: [{ dayOfWeek: 1, openTime: '08:15', closeTime: '10:00' }] });
    expect((await get(`businessId=${business.id}&date=${monday}`)).json()).toEqual(['08:15', '08:45', '09:15']);
    expect((await get(`businessId=${business.id}&date=${addDays(monday, 1)}`)).json()).toEqual([]);
    await owner.delete(`/api/services/${service.id}`);
    expect((await get(`businessId=${business.id}&date=${monday}`)).json()).toEqual([]);
    const deleted = await get(`businessId=${business.id}&date=${monday}&serviceId=${service.id}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ message: 'Service not found', code: ErrorCode.NOT_FOUND });
  });
});

describe('GET /api/available-slots for a restaurant', () => {
  it('offers the active time slots and keeps seats under capacity for the whole reservation', async () => {
    const { business, service } = await restaurant(ctx.app, { seatingCapacity: 10, reservationDuration: 120 });
    const date = futureMonday();
    expect((await get(`businessId=${business.id}&date=${date}`)).json()).toEqual(times('17:00', '22:30', 30));
    const base = { businessId: business.id, serviceId: service.id, date, duration: 120, exclusive: false };
    await book(db(), { ...base, time: '18:00', partySize: 6 });
    await book(db(), { ...base, time: '19:00', partySize: 3 });
    // seats in use: 18:00-19:00 → 6, 19:00-20:00 → 9, 20:00-21:00 → 3
    const forTwo = (await get(`businessId=${business.id}&date=${date}&partySize=2`)).json();
    // 17:00-19:00 peaks at 6 seats; anything touching 19:00-20:00 meets 9
    expect(forTwo).toEqual(['17:00', ...times('20:00', '22:30', 30)]);
    const forOne = (await get(`businessId=${business.id}&date=${date}&partySize=1`)).json();
    expect(forOne).toEqual(times('17:00', '22:30', 30));
    const forFive = (await get(`businessId=${business.id}&date=${date}&partySize=5`)).json();
    expect(forFive).toEqual(times('20:00', '22:30', 30));
    const forEight = (await get(`businessId=${business.id}&date=${date}&partySize=8`)).json();
    expect(forEight).toEqual(times('21:00', '22:30', 30));
  });

  it('counts a reservation that runs past midnight into the next day', async () => {
    const { business, service } = await restaurant(ctx.app, { seatingCapacity: 4, reservationDuration: 180 });
    const date = futureMonday();
    await book(db(), { businessId: business.id, serviceId: service.id, date: addDays(date, -1), time: '22:30', duration: 180, partySize: 4, exclusive: false });
    const slots = await listAvailableSlots(db(), { rules, businessId: business.id, date, partySize: 1 });
    expect(slots[0]).toBe('17:00');
    await book(db(), { businessId: business.id, serviceId: service.id, date, time: '22:30', duration: 180, partySize: 4, exclusive: false });
    const sameDay = await listAvailableSlots(db(), { rules, businessId: business.id, date, partySize: 1 });
    expect(sameDay.filter((t) => t >= '20:00')).toEqual([]);
    const next = await listAvailableSlots(db(), { rules, businessId: business.id, date: addDays(date, 1), partySize: 1 });
    expect(next[0]).toBe('17:00');
  });

  it('takes reservations any distance ahead and rejects a party above the maximum', async () => {
    const { business } = await restaurant(ctx.app, { maxPartySize: 6 });
    const far = nextWeekday(addDays(businessNow('America/New_York').date, 90), 3);
    expect((await get(`businessId=${business.id}&date=${far}`)).json()).toHaveLength(12);
    const big = await get(`businessId=${business.id}&date=${far}&partySize=7`);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Party size must be at most 6 for this restaurant');
  });
});

describe('GET /api/available-slots errors', () => {
  it('answers 404 for a missing business or another business service', async () => {
    const a = await serviceBusiness(ctx.app);
    const b = await serviceBusiness(ctx.app);
    const date = futureMonday();
    const missing = await get(`businessId=999999&date=${date}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Business not found');
    const foreign = await get(`businessId=${a.business.id}&date=${date}&serviceId=${b.service.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Service not found');
    await expect(listAvailableSlots(db(), { rules, businessId: a.business.id, date, serviceId: 999999 })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('answers 400 naming the field for malformed queries, and is public', async () => {
    const { business } = await serviceBusiness(ctx.app);
    const cases: [string, string][] = [
      [`date=2030-01-01`, 'businessId'],
      [`businessId=abc&date=2030-01-01`, 'businessId'],
      [`businessId=${business.id}`, 'date'],
      [`businessId=${business.id}&date=2030-02-30`, 'date must be a valid date (YYYY-MM-DD)'],
      // Year 0 (1 BC) is a calendar date to JavaScript but out of PostgreSQL's range.
      [`businessId=${business.id}&date=0000-01-01`, 'date must be a valid date (YYYY-MM-DD)'],
      [`businessId=${business.id}&date=tomorrow`, 'date'],
      [`businessId=${business.id}&date=2030-01-01&serviceId=-1`, 'serviceId must be a positive whole number'],
      [`businessId=${business.id}&date=2030-01-01&partySize=0`, 'partySize must be at least 1'],
      [`businessId=${business.id}&date=2030-01-01&partySize=2.5`, 'partySize must be a whole number'],
      [`businessId=99999999999&date=2030-01-01`, 'businessId is too large'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().message, query).toContain(message);
    }
    const signedIn = await signUp(ctx.app, 'customer');
    expect((await signedIn.get(`/api/available-slots?businessId=${business.id}&date=${futureMonday()}`)).statusCode).toBe(200);
  });
});
