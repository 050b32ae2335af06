import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { buildApp } from '../../app.js';
import { ConfigError } from '../../config.js';
import type { TimeZones } from '../../db/time-zones.js';
import { createTestApp, createTestDatabase, queryRows, signUp, TestClient, testConfig, type TestContext } from '../../test/test-app.js';
import { futureMonday, serviceBusiness } from '../availability/test-fixtures.js';
import { createServiceBusiness } from './create-business.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const salon = { businessName: 'Glow Salon', category: 'Beauty & Wellness' as const };
const businessesOf = (ownerId: number) => queryRows(ctx.database, `select id from businesses where owner_id = ${ownerId}`);

describe('business time zones', () => {
  it('stores a zone Intl takes but PostgreSQL does not under its canonical name, and listings keep working', async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/businesses', { ...salon, timeZone: 'US/Pacific-New' });
    expect(res.statusCode).toBe(201);
    expect(res.json().timeZone).toBe('America/Los_Angeles');
    const anyone = new TestClient(ctx.app);
    expect((await anyone.get('/api/businesses')).statusCode).toBe(200);
    expect((await anyone.get('/api/earliest-appointments')).statusCode).toBe(200);
  });

  it('refuses zones either side does not know with a 400 that writes nothing, so the owner can retry', async () => {
    const owner = await signUp(ctx.app, 'business');
    for (const timeZone of ['Factory', 'Mars/Olympus_Mons', 'posix/America/New_York', '+05:00']) {
      const res = await owner.post('/api/businesses', { ...salon, timeZone });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('timeZone') });
    }
    expect(await businessesOf(owner.user.id)).toEqual([]);
    const retry = await owner.post('/api/restaurants', { businessName: 'Luigi', cuisineType: 'Italian', priceRange: '$$', timeZone: 'europe/paris' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().timeZone).toBe('Europe/Paris');
  });

  it('rolls the whole create back when any step inside it fails', async () => {
    const owner = await signUp(ctx.app, 'business');
    // A zone list that lets anything through: the read-back inside the transaction then fails on it.
    const lenient = { fallback: 'UTC', resolve: (zone: string) => zone } as unknown as TimeZones;
    const user = { ...owner.user, email: '', userType: 'business' as const, businessId: null, fullName: null, phone: null };
    await expect(createServiceBusiness(ctx.database.db, user, { ...salon, description: '', address: '', phone: '', email: '', website: '', operatingHours: '', timeZone: 'Mars/Olympus_Mons' }, lenient)).rejects.toThrow();
    expect(await businessesOf(owner.user.id)).toEqual([]);
    expect(await queryRows(ctx.database, `select count(*)::int as n from businesses where time_zone = 'Mars/Olympus_Mons'`)).toEqual([{ n: 0 }]);
  });

  it('lets only one of two parallel creates for one owner through', async () => {
    const owner = await signUp(ctx.app, 'business');
    const results = await Promise.all([owner.post('/api/businesses', salon), owner.post('/api/businesses', salon)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('This account already has a business');
    expect(await businessesOf(owner.user.id)).toHaveLength(1);
  });

  it('skips rows whose zone the database cannot use instead of failing every listing', async () => {
    const good = await serviceBusiness(ctx.app);
    const broken: Record<string, number> = {};
    // Written behind the API's back, as an old release or a tzdata update could leave them.
    for (const zone of ['US/Pacific-New', 'Mars/Olympus_Mons']) {
      const owner = await signUp(ctx.app, 'business');
      const [row] = await queryRows<{ id: number }>(
        ctx.database,
        `insert into businesses (owner_id, business_name, category, business_type, time_zone) values (${owner.user.id}, 'Broken ${zone}', 'Other', 'service', '${zone}') returning id`,
      );
      broken[zone] = row.id;
      await queryRows(ctx.database, `insert into business_hours (business_id, day_of_week, open_time, close_time) select ${row.id}, d, '09:00', '17:00' from generate_series(0, 6) d`);
      await queryRows(ctx.database, `insert into services (business_id, name, duration, price_cents) values (${row.id}, 'Cut', 30, 1000)`);
    }
    const anyone = new TestClient(ctx.app);
    const list = await anyone.get('/api/businesses');
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((b: { id: number }) => b.id);
    expect(ids).toContain(good.business.id);
    expect(ids).not.toContain(broken['US/Pacific-New']);
    expect(ids).not.toContain(broken['Mars/Olympus_Mons']);

    const earliest = await anyone.get('/api/earliest-appointments');
    expect(earliest.statusCode).toBe(200);
    const earliestIds = (earliest.json() as EarliestAppointment[]).map((i) => i.business.id);
    expect(earliestIds).toContain(good.business.id);
    expect(earliestIds).not.toContain(broken['US/Pacific-New']);

    // The broken business itself: its page still opens, everything else answers a clean 4xx or what it can.
    const page = await anyone.get(`/api/businesses/${broken['Mars/Olympus_Mons']}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ timeZone: 'Mars/Olympus_Mons', openToday: false });
    expect((await anyone.get(`/api/businesses/${broken['US/Pacific-New']}/earliest-appointment`)).statusCode).toBe(404);
    const slots = await anyone.get(`/api/available-slots?businessId=${broken['Mars/Olympus_Mons']}&date=${futureMonday()}`);
    expect(slots.statusCode).toBe(409);
    expect(slots.json().code).toBe('INVALID_STATE');
    expect((await anyone.get(`/api/available-slots?businessId=${broken['US/Pacific-New']}&date=${futureMonday()}`)).statusCode).toBe(200);
  });
});

describe('DEFAULT_TIME_ZONE', () => {
  it('stops start-up with a message naming it when the database does not know the zone', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const start = async () => {
        const app = await buildApp({ config: testConfig({ DEFAULT_TIME_ZONE: 'Factory' }), database, logger: false, serveWeb: false });
        await app.ready();
      };
      await expect(start()).rejects.toThrow(ConfigError);
      await expect(start()).rejects.toThrow(/DEFAULT_TIME_ZONE: "Factory"/);
    } finally {
      await drop();
    }
  });
});
